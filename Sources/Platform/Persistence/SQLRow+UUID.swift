import Foundation
import PlatformCore
import SQLKit
import Synchronization

extension SQLRow {
    /// Decodes a UUID column. SQLite stores UUIDs as text, which `Decodable` parses through `sscanf`
    /// on Linux; parsing the text directly is much cheaper. PostgreSQL sends 16 binary bytes and
    /// keeps the normal path.
    public func uuid(_ column: String) throws -> UUID {
        // Our own SQLite rows, told apart by a type comparison: no lock, no look-up.
        if Self.self == SQLiteDirectRow.self, let uuid = unsafeBitCast(self, to: SQLiteDirectRow.self).textUUID(column) { return uuid }
        if RowKind.isTextUUID(type(of: self)) {
            let text = try decode(column: column, as: String.self)
            guard let uuid = UUID(parsing: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(column) is not a UUID: \(text)"))
            }
            return uuid
        }
        return try decode(column: column, as: UUID.self)
    }

    /// Decodes a nullable UUID column (``uuid(_:)`` when it holds a value).
    public func optionalUUID(_ column: String) throws -> UUID? {
        try decodeNil(column: column) ? nil : uuid(column)
    }
}

/// Remembers, per concrete row type, whether the driver stores UUIDs as text (SQLite).
private enum RowKind {
    static let cache = Mutex<[ObjectIdentifier: Bool]>([:])

    static func isTextUUID(_ type: any SQLRow.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[key] }) { return known }
        let isSQLite = String(reflecting: type).contains("SQLite")
        cache.withLock { $0[key] = isSQLite }
        return isSQLite
    }
}
