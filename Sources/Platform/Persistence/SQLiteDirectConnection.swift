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

/// A result row of ``SQLiteDirectConnection``, decoded by SQLiteKit's `SQLiteDataDecoder`.
struct SQLiteDirectRow: SQLRow {
    let columns: ResultColumnNames
    let values: [SQLiteData]
    private static let decoder = SQLiteDataDecoder()

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.index(of: column) != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let index = columns.index(of: column) else { return true }
        return values[index] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let index = columns.index(of: column) else {
            throw DecodingError.keyNotFound(SQLColumnKey(column), .init(codingPath: [], debugDescription: "No column \(column) in the result."))
        }
        let value = values[index]
        // The types rows are read as almost always, without SQLiteKit's dynamic casts: the same
        // conversions (`SQLiteDataConvertible`), called directly.
        if D.self == String.self, let text = String(sqliteData: value) { return unsafeBitCast(text, to: D.self) }
        if D.self == Int.self, let number = Int(sqliteData: value) { return unsafeBitCast(number, to: D.self) }
        if D.self == Bool.self, let flag = Bool(sqliteData: value) { return unsafeBitCast(flag, to: D.self) }
        if D.self == Double.self, let number = Double(sqliteData: value) { return unsafeBitCast(number, to: D.self) }
        if D.self == Date.self, let date = Date(sqliteData: value) { return unsafeBitCast(date, to: D.self) }
        return try Self.decoder.decode(D.self, from: value)
    }

    /// A UUID stored as text (how SQLite holds them), parsed directly; nil when the column is not
    /// UUID text (the caller's general path then reports it).
    func textUUID(_ column: String) -> UUID? {
        guard let index = columns.index(of: column), case .text(let text) = values[index] else { return nil }
        return UUID(parsing: text)
    }
}

private struct SQLColumnKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

/// ``SQLiteDirectConnection`` seen through SQLKit, so repositories keep writing the same SQL.
struct SQLiteDirectDatabase: SQLDatabase {
    let connection: SQLiteDirectConnection
    let eventLoop: any EventLoop
    private static let encoder = SQLiteDataEncoder()

    var logger: Logger { connection.logger }
    var dialect: any SQLDialect { SQLiteDialect() }
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        do {
            try run(query, onRow)
            return eventLoop.makeSucceededVoidFuture()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try run(query, onRow)
    }

    private func run(_ query: any SQLExpression, _ onRow: (any SQLRow) -> Void) throws {
        let (sql, binds) = try encoded(query)
        try connection.execute(sql, binds) { onRow($0) }
    }

    /// Hands each of `query`'s rows to `body`, reading the statement in place.
    func forEachDirectRow(_ query: any SQLExpression, _ body: (borrowing ResultRow) throws -> Void) throws {
        let (sql, binds) = try encoded(query)
        try connection.step(sql, binds) { try body(ResultRow(source: .sqlite($0))) }
    }

    /// Hands each of `statement`'s rows to `body`, reading the statement in place.
    func forEachDirectRow(_ statement: FixedSQL, _ values: [any Encodable & Sendable], _ body: (borrowing ResultRow) throws -> Void) throws {
        try statement.checkCount(values)
        try connection.step(statement, try Self.encoded(values)) { try body(ResultRow(source: .sqlite($0))) }
    }

    /// The statement's text and its values as SQLite data.
    private func encoded(_ query: any SQLExpression) throws -> (String, [SQLiteData]) {
        let (sql, rawBinds) = serialize(query)
        return (sql, try Self.encoded(rawBinds))
    }

    /// Values as SQLite data, as SQLiteKit's encoder makes them.
    private static func encoded(_ values: [any Encodable & Sendable]) throws -> [SQLiteData] {
        var binds: [SQLiteData] = []
        binds.reserveCapacity(values.count)
        for value in values {
            // A UUID would reach SQLiteKit's encoder through `Encodable`, whose `uuidString` Foundation
            // formats with `sprintf` on Linux: the same upper-case text, written directly.
            if let uuid = value as? UUID {
                binds.append(.text(uuid.uppercasedString))
            } else {
                binds.append(try encoder.encode(value))
            }
        }
        return binds
    }
}
