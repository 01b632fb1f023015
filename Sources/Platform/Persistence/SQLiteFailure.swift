import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO
import VaporCSQLite

/// An error SQLite returned, with its (extended) result code and message.
public struct SQLiteFailure: Error, CustomStringConvertible, Sendable {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_CONSTRAINT_UNIQUE`, …).
    public let code: Int32
    public let message: String

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
    public var primaryCode: Int32 { code & 0xFF }

    /// True for a lock another connection holds (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// True when the file cannot be used at all: I/O error, unopenable, not a database, corrupt,
    /// full, read-only, no permission.
    public var isFileUnusable: Bool {
        [SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_FULL, SQLITE_READONLY, SQLITE_PERM, SQLITE_NOLFS].contains(primaryCode)
    }

    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    static let closedMessage = "the connection is closed"

    /// The store was closed (the server is shutting down); other misuse stays a programming error.
    public var isClosedConnection: Bool { primaryCode == SQLITE_MISUSE && message == Self.closedMessage }

    public var description: String { "SQLite error \(code): \(message)" }
}
