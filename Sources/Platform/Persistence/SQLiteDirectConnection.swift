import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO
import VaporCSQLite

/// One SQLite connection driven straight through the C API, on the thread of the task that uses it,
/// with its statements kept prepared.
///
/// Why not SQLiteNIO's connection: it sends every statement to a thread pool and every result row
/// back to an event loop as a separate task, and parses the SQL text again each time. Profiling the
/// hint list showed that hop and the re-parse at a quarter of the request's cost, for statements
/// that take microseconds. Values still travel as SQLiteNIO's `SQLiteData` and are encoded and
/// decoded by SQLiteKit's coders, so what is stored is byte for byte what it was.
///
/// Not thread-safe by itself: ``SQLiteStore`` hands each connection to one task at a time.
final class SQLiteDirectConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    /// Prepared statements by SQL text (or ``FixedSQL`` number). Bounded; statements built with
    /// varying literal text (rare) just cycle through it.
    private var statements: [StatementKey: PreparedStatement] = [:]
    static let statementCacheLimit = 128
    let logger: Logger

    private init(handle: OpaquePointer, logger: Logger) {
        self.handle = handle
        self.logger = logger
    }

    /// Opens (creating if needed) the database file at `path`.
    static func open(path: String, logger: Logger) throws -> SQLiteDirectConnection {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let status = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            if let handle { sqlite_nio_sqlite3_close(handle) }
            throw SQLiteFailure(code: status, message: message)
        }
        sqlite_nio_sqlite3_extended_result_codes(handle, 1)
        return SQLiteDirectConnection(handle: handle, logger: logger)
    }

    /// Runs `sql` with `binds`, handing each result row to `onRow` as it is read.
    func execute(_ sql: String, _ binds: [SQLiteData], _ onRow: (SQLiteDirectRow) throws -> Void) throws {
        var columns: ResultColumnNames?
        try step(sql, binds) { statement in
            let names = try columns ?? Self.columnNames(of: statement)
            columns = names
            var values: [SQLiteData] = []
            values.reserveCapacity(names.names.count)
            for column in 0..<Int32(names.names.count) {
                values.append(try Self.value(of: statement, at: column))
            }
            try onRow(SQLiteDirectRow(columns: names, values: values))
        }
    }

    /// Runs `sql` with `binds`, calling `onRow` with the statement while it stands on each result
    /// row (``ResultRow`` reads the columns there, without copying them first).
    func step(_ sql: String, _ binds: [SQLiteData], _ onRow: (OpaquePointer) throws -> Void) throws {
        try step(.text(sql), sql, binds, onRow)
    }

    /// ``step(_:_:_:)`` for a ``FixedSQL`` statement: its prepared form is found by its number, not by
    /// hashing its text.
    func step(_ statement: FixedSQL, _ binds: [SQLiteData], _ onRow: (OpaquePointer) throws -> Void) throws {
        try step(.fixed(statement.number), statement.sql, binds, onRow)
    }

    private func step(_ key: StatementKey, _ sql: String, _ binds: [SQLiteData], _ onRow: (OpaquePointer) throws -> Void) throws {
        guard let handle else { throw SQLiteFailure(code: SQLITE_MISUSE, message: SQLiteFailure.closedMessage) }
        let cached = try prepared(key, sql, on: handle)
        let statement = cached.handle
        defer { sqlite_nio_sqlite3_reset(statement) }
        if binds.count != cached.bound.count {
            // Never let a previous call's values stand in for parameters this call leaves out.
            sqlite_nio_sqlite3_clear_bindings(statement)
            cached.bound = []
        }
        // Only values that changed are bound again: SQLite re-plans (re-parses) a statement whenever
        // a parameter the plan depends on, such as `LIMIT ?`, is bound, even to the same value.
        for (offset, value) in binds.enumerated() where offset >= cached.bound.count || !Self.sameBytes(cached.bound[offset], value) {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
            case .float(let number): status = sqlite_nio_sqlite3_bind_double(statement, index, number)
            case .text(let text):
                status = sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
            case .blob(let buffer):
                status = buffer.withUnsafeReadableBytes {
                    sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), SQLITE_TRANSIENT)
                }
            case .null: status = sqlite_nio_sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else {
                cached.bound = []
                sqlite_nio_sqlite3_clear_bindings(statement)
                throw failure(status, on: handle)
            }
        }
        cached.bound = binds
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw failure(status, on: handle) }
            try onRow(statement)
        }
    }

    /// Whether two values would bind the same bytes. Not `SQLiteData`'s `==`: String equality treats
    /// canonically equivalent text ("é" and "e\u{301}") as equal, and 0.0 == -0.0, but SQLite compares bytes.
    static func sameBytes(_ a: SQLiteData, _ b: SQLiteData) -> Bool {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x == y
        case (.float(let x), .float(let y)): x.bitPattern == y.bitPattern
        case (.text(let x), .text(let y)): x.utf8.elementsEqual(y.utf8)
        case (.blob(let x), .blob(let y)): x.readableBytesView.elementsEqual(y.readableBytesView)
        case (.null, .null): true
        default: false
        }
    }

    /// Whether a transaction is open (SQLite ends one itself after some failures: a full disk, an
    /// I/O error).
    var inTransaction: Bool { handle.map { sqlite_nio_sqlite3_get_autocommit($0) == 0 } ?? false }

    /// Rolls back a transaction a failed `ROLLBACK` left open, so the next `BEGIN` can start.
    func endLeftoverTransaction() {
        guard let handle, sqlite_nio_sqlite3_get_autocommit(handle) == 0 else { return }
        try? execute("ROLLBACK", []) { _ in }
    }

    private func prepared(_ key: StatementKey, _ sql: String, on handle: OpaquePointer) throws -> PreparedStatement {
        if let statement = statements[key] { return statement }
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status, on: handle) }
        if statements.count >= Self.statementCacheLimit {
            for (_, old) in statements { sqlite_nio_sqlite3_finalize(old.handle) }
            statements.removeAll(keepingCapacity: true)
        }
        let prepared = PreparedStatement(handle: statement)
        statements[key] = prepared
        return prepared
    }

    private func failure(_ status: Int32, on handle: OpaquePointer) -> SQLiteFailure {
        SQLiteFailure(code: status, message: String(cString: sqlite_nio_sqlite3_errmsg(handle)))
    }

    private static func columnNames(of statement: OpaquePointer) throws -> ResultColumnNames {
        let count = sqlite_nio_sqlite3_column_count(statement)
        var names: [String] = []
        names.reserveCapacity(Int(count))
        for column in 0..<count {
            guard let name = sqlite_nio_sqlite3_column_name(statement, column) else {
                throw SQLiteFailure(code: SQLITE_ERROR, message: "no name for column \(column)")
            }
            names.append(String(cString: name))
        }
        return ResultColumnNames(names, duplicate: .first)
    }

    static func value(of statement: OpaquePointer, at column: Int32) throws -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(SQLiteInt64(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT:
            return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else {
                throw SQLiteFailure(code: SQLITE_NOMEM, message: "no text for column \(column)")
            }
            let length = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            let length = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            var buffer = ByteBufferAllocator().buffer(capacity: length)
            if let bytes = sqlite_nio_sqlite3_column_blob(statement, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: length))
            }
            return .blob(buffer)
        default:
            return .null
        }
    }

    /// Finalizes the statements and closes the file.
    func close() {
        for (_, statement) in statements { sqlite_nio_sqlite3_finalize(statement.handle) }
        statements.removeAll()
        if let handle { sqlite_nio_sqlite3_close_v2(handle) }
        handle = nil
    }

    deinit { close() }
}

/// What a prepared statement is found by: its text, or the number of the ``FixedSQL`` it is.
private enum StatementKey: Hashable {
    case text(String)
    case fixed(Int)
}

/// A statement kept prepared, with the values bound to it last.
private final class PreparedStatement {
    let handle: OpaquePointer
    var bound: [SQLiteData] = []
    init(handle: OpaquePointer) { self.handle = handle }
}

/// SQLite's `SQLITE_TRANSIENT`: copy the bound bytes now.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
