import Foundation
import PlatformAPI
import PostgresKit
import PostgresNIO
import SQLKit
import SQLiteNIO
import Synchronization
import VaporCSQLite

/// One result row read by column position, straight from the driver: for the reads every request
/// makes (issue 13), where SQLKit's row — each value first copied into an array of `SQLiteData`
/// (or cells), then found by name and converted through generic `Decodable` — cost more than
/// SQLite's own work. On SQLite the accessors read the prepared statement's current row directly;
/// on PostgreSQL, the row's cells by index with PostgresNIO's decoders; on any other SQLKit database
/// the column named at that position in the row.
///
/// Conversions are the drivers' own (SQLiteNIO's `SQLiteDataConvertible`, PostgresNIO's decoders,
/// then PostgresKit's for what those refuse), so a value reads the same as through SQLKit; a value of
/// the wrong type throws `DecodingError`. Two readers take the bytes themselves, tested to give the
/// drivers' values: ``withText(_:_:)`` (text lent in place) and the PostgreSQL array readers.
///
/// Not copyable: it is lent to the closure it is handed to (``SQLDatabase/rows(_:_:)``,
/// ``SQLDatabase/forEachRow(_:_:)``) and cannot outlive it — on SQLite it points at a statement
/// that is reset (and may later be finalized) once the rows are read.
public struct ResultRow: ~Copyable {
    enum Source {
        case sqlite(OpaquePointer)
        case postgres(PostgresRow, PostgresRandomAccessRow)
        case generic(any SQLRow)
    }

    let source: Source

    /// Whether the column holds `NULL`.
    public func isNull(_ column: Int) throws -> Bool {
        switch source {
        case .sqlite(let statement):
            try Self.check(column, of: Int(sqlite_nio_sqlite3_column_count(statement)))
            return sqlite_nio_sqlite3_column_type(statement, Int32(column)) == SQLITE_NULL
        case .postgres(_, let cells):
            try Self.check(column, of: cells.count)
            return cells[column].bytes == nil
        case .generic(let row):
            return try row.decodeNil(column: Self.name(of: column, in: row))
        }
    }

    public func string(_ column: Int) throws -> String {
        try value(column, String.self) { statement, index in
            Self.sqliteText(statement, index).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The text of a column as UTF-8 bytes lent to `body`, without making a `String`: the bytes as the
    /// database holds them — on SQLite the stored text, on PostgreSQL a text column's cell (`text`,
    /// `varchar`, `bpchar`, `name`: PostgresNIO's `String` is these bytes) — not validated here;
    /// `String(decoding:as:)` is what ``string(_:)`` makes of them. Any other column lends
    /// ``string(_:)``'s bytes. For copying text straight into a response.
    public func withText<R>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        switch source {
        case .sqlite(let statement):
            try Self.check(column, of: Int(sqlite_nio_sqlite3_column_count(statement)))
            if let text = Self.sqliteText(statement, Int32(column)) { return try body(text) }
        case .postgres(_, let cells):
            try Self.check(column, of: cells.count)
            let cell = cells[column]
            switch cell.dataType {
            case .text, .varchar, .bpchar, .name:
                if let bytes = cell.bytes {
                    return try bytes.withUnsafeReadableBytes { try body($0.assumingMemoryBound(to: UInt8.self)) }
                }
            default:
                break
            }
        case .generic:
            break
        }
        var text = try string(column)
        return try text.withUTF8(body)
    }

    // MARK: PostgreSQL arrays
    //
    // For reads that aggregate many rows' values into one row (the batched hint pages). Each reads
    // PostgreSQL's binary array format itself, for one element type: PostgresNIO's `[T]` decoder is
    // generic code in another module, whose type-metadata look-ups per element cost more than the
    // elements (issue 13). Values are PostgresNIO's own: the same bytes give the same value (tested).
    // A column of the array type that is `NULL` is nil; a column of another type, a NULL element, more
    // than one dimension, bytes that do not parse, or a column on any other database (SQLite has no
    // arrays) is a `DecodingError`.

    /// A `uuid[]` column.
    public func uuidArray(_ column: Int) throws -> [UUID]? {
        try elements(column, [.uuidArray: .uuid]) { buffer, length in
            guard length == 16 else { return nil }
            return buffer.readWithUnsafeReadableBytes { raw in
                let bytes = raw.assumingMemoryBound(to: UInt8.self)
                let uuid = UUID(
                    uuid: (
                        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                    ))
                return (16, uuid)
            }
        }
    }

    /// A `bool[]` column.
    public func boolArray(_ column: Int) throws -> [Bool]? {
        try elements(column, [.boolArray: .bool]) { buffer, length in
            guard length == 1 else { return nil }
            switch buffer.readInteger(as: UInt8.self) {
            case 0: return false
            case 1: return true
            default: return nil
            }
        }
    }

    /// A `timestamptz[]` (or `timestamp[]`) column, each value as PostgresNIO's `Date` decoder makes it.
    public func dateArray(_ column: Int) throws -> [Date]? {
        try elements(column, [.timestamptzArray: .timestamptz, .timestampArray: .timestamp]) { buffer, length in
            guard length == 8, let microseconds = buffer.readInteger(endianness: .big, as: Int64.self) else { return nil }
            return Date(timeInterval: Double(microseconds) / 1_000_000, since: Self.postgresEpoch)
        }
    }

    /// A `text[]` (or `varchar[]`) column as each element's bytes in place: slices of the row's
    /// buffer, no `String` made.
    public func textArray(_ column: Int) throws -> [ByteBuffer]? {
        try elements(column, [.textArray: .text, .varcharArray: .varchar]) { buffer, length in buffer.readSlice(length: length) }
    }

    /// 2000-01-01 00:00 UTC, where PostgreSQL's timestamps count from.
    private static let postgresEpoch = Date(timeIntervalSince1970: 946_684_800)

    private func postgresCell(_ column: Int) throws -> PostgresCell {
        guard case .postgres(_, let cells) = source else {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "column \(column): arrays are read from PostgreSQL only"))
        }
        try Self.check(column, of: cells.count)
        return cells[column]
    }

    /// The elements of a one-dimensional binary array in `column`, whose type must be one of
    /// `types`' keys (each with its element type), each read by `read` from the buffer, given the
    /// element's length (nil: not a valid element).
    @inline(__always)
    private func elements<T>(_ column: Int, _ types: KeyValuePairs<PostgresDataType, PostgresDataType>, _ read: (inout ByteBuffer, Int) -> T?) throws -> [T]? {
        let cell = try postgresCell(column)
        guard let elementType = types.first(where: { $0.key == cell.dataType })?.value else {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "column \(column) is \(cell.dataType), not \(types.map(\.key))"))
        }
        guard var bytes = cell.bytes else { return nil }
        func refuse(_ why: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "column \(column) (\(cell.dataType)) is not an array of \(elementType): \(why)"))
        }
        guard cell.format == .binary else { throw refuse("not in binary format") }
        guard let (dimensions, _, type) = bytes.readMultipleIntegers(endianness: .big, as: (Int32, Int32, UInt32).self) else { throw refuse("no header") }
        guard type == elementType.rawValue else { throw refuse("elements of type \(PostgresDataType(type))") }
        guard dimensions == 1 else {
            if dimensions == 0, bytes.readableBytes == 0 { return [] }
            throw refuse("\(dimensions) dimensions")
        }
        guard let (count, _) = bytes.readMultipleIntegers(endianness: .big, as: (Int32, Int32).self), count >= 0 else { throw refuse("no length") }
        var values: [T] = []
        values.reserveCapacity(min(Int(count), bytes.readableBytes / 4))  // each element takes 4 bytes at least
        for _ in 0..<count {
            guard let length = bytes.readInteger(endianness: .big, as: Int32.self) else { throw refuse("truncated") }
            guard length >= 0 else { throw refuse("a NULL element") }
            let end = bytes.readerIndex + Int(length)
            guard bytes.readableBytes >= Int(length), let value = read(&bytes, Int(length)), bytes.readerIndex == end else {
                throw refuse("an element that is not a \(elementType)")
            }
            values.append(value)
        }
        guard bytes.readableBytes == 0 else { throw refuse("bytes after the last element") }
        return values
    }

    public func int(_ column: Int) throws -> Int {
        try value(column, Int.self) { statement, index in
            sqlite_nio_sqlite3_column_type(statement, index) == SQLITE_INTEGER ? Int(sqlite_nio_sqlite3_column_int64(statement, index)) : nil
        }
    }

    public func bool(_ column: Int) throws -> Bool {
        try value(column, Bool.self) { statement, index in
            guard sqlite_nio_sqlite3_column_type(statement, index) == SQLITE_INTEGER else { return nil }
            switch sqlite_nio_sqlite3_column_int64(statement, index) {
            case 0: return false
            case 1: return true
            default: return nil
            }
        }
    }

    public func double(_ column: Int) throws -> Double {
        try value(column, Double.self) { statement, index in
            sqlite_nio_sqlite3_column_type(statement, index) == SQLITE_FLOAT ? sqlite_nio_sqlite3_column_double(statement, index) : nil
        }
    }

    /// A timestamp. SQLite holds dates as seconds since 1970 (SQLiteKit's encoding); they are
    /// rounded to microseconds exactly as SQLiteNIO's `Date(sqliteData:)` does.
    public func date(_ column: Int) throws -> Date {
        try value(column, Date.self) { statement, index in
            guard sqlite_nio_sqlite3_column_type(statement, index) == SQLITE_FLOAT else { return nil }
            let sinceReference = sqlite_nio_sqlite3_column_double(statement, index) - Date.timeIntervalBetween1970AndReferenceDate
            return Date(timeIntervalSinceReferenceDate: (sinceReference * 1e6).rounded() / 1e6)
        }
    }

    /// A UUID: on SQLite the stored text (either case) parsed in place; on PostgreSQL the 16 bytes.
    public func uuid(_ column: Int) throws -> UUID {
        switch source {
        case .sqlite(let statement):
            try Self.check(column, of: Int(sqlite_nio_sqlite3_column_count(statement)))
            if let text = Self.sqliteText(statement, Int32(column)), let uuid = UUID(utf8: text) { return uuid }
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "column \(column) is not a UUID: \(try Self.sqliteValue(statement, column))"))
        case .postgres(let row, let cells):
            return try Self.decode(row, cells, column, UUID.self)
        case .generic(let row):
            return try row.uuid(Self.name(of: column, in: row))
        }
    }

    /// A UUID column as its canonical lower-case text (36 bytes, lent to `body`): what
    /// `UUID.appendLowercased` writes for ``uuid(_:)``'s value. On SQLite the stored text (either
    /// case) is copied in lower case without being parsed and formatted again (issue 13: a hint page's
    /// 20 ids); anything else, and any column that is not such text, goes through ``uuid(_:)``, which
    /// also reports a column that is not a UUID.
    /// Not generic in what `body` returns: a generic result cost a look-up of type metadata per call.
    public func withUUIDText(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { out in
            let start = out.baseAddress!
            if case .sqlite(let statement) = source {
                try Self.check(column, of: Int(sqlite_nio_sqlite3_column_count(statement)))
                if let text = Self.sqliteText(statement, Int32(column)), UUID.copyLowercased(utf8: text, to: start) {
                    return try body(UnsafeBufferPointer(out))
                }
            }
            var text: [UInt8] = []
            text.reserveCapacity(36)
            try uuid(column).appendLowercased(to: &text)
            return try text.withUnsafeBufferPointer(body)
        }
    }

    /// The column as `T`. On SQLite, `sqlite` reads the stored form `T` almost always has (text,
    /// integer, float) straight from the statement; anything else — text holding a number, a date
    /// stored as text, a mismatch to report — goes through one `SQLiteData` and SQLiteNIO's
    /// `SQLiteDataConvertible`, as SQLKit's rows converted it. On the other databases, their decoders.
    @inline(__always)
    private func value<T: SQLiteDataConvertible & PostgresDecodable & Decodable>(
        _ column: Int, _ type: T.Type, sqlite fast: (OpaquePointer, Int32) -> T?
    ) throws -> T {
        switch source {
        case .sqlite(let statement):
            try Self.check(column, of: Int(sqlite_nio_sqlite3_column_count(statement)))
            if let value = fast(statement, Int32(column)) { return value }
            let data = try Self.sqliteValue(statement, column)
            guard let value = T(sqliteData: data) else {
                throw DecodingError.typeMismatch(T.self, .init(codingPath: [], debugDescription: "column \(column) holds \(data), not \(T.self)"))
            }
            return value
        case .postgres(let row, let cells):
            return try Self.decode(row, cells, column, T.self)
        case .generic(let row):
            return try row.decode(column: Self.name(of: column, in: row), as: T.self)
        }
    }

    /// The column's stored text (lent, valid until the statement moves on); nil when it is not TEXT.
    /// The column is in range (the caller checked).
    @inline(__always)
    private static func sqliteText(_ statement: OpaquePointer, _ index: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard sqlite_nio_sqlite3_column_type(statement, index) == SQLITE_TEXT, let text = sqlite_nio_sqlite3_column_text(statement, index) else { return nil }
        return UnsafeBufferPointer(start: text, count: Int(sqlite_nio_sqlite3_column_bytes(statement, index)))
    }

    /// The column as one `SQLiteData` (the column is in range: the caller checked).
    private static func sqliteValue(_ statement: OpaquePointer, _ column: Int) throws -> SQLiteData {
        try SQLiteDirectConnection.value(of: statement, at: Int32(column))
    }

    /// The name of the column at `column`, by which SQLKit's row finds it; a name the result repeats
    /// would find another column, so it is refused.
    private static func name(of column: Int, in row: any SQLRow) throws -> String {
        let names = row.allColumns
        try check(column, of: names.count)
        guard names.firstIndex(of: names[column]) == column, names.lastIndex(of: names[column]) == column else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: [], debugDescription: "column \(column) is named \(names[column]) like another column of this result; name them apart"))
        }
        return names[column]
    }

    /// A position past the result's columns is an error, not undefined behaviour.
    private static func check(_ column: Int, of count: Int) throws {
        guard column >= 0, column < count else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: [], debugDescription: "no column at position \(column) (\(count) columns)"))
        }
    }

    /// A PostgreSQL cell through PostgresNIO's decoder, or (for what it refuses: an enum type read as
    /// text, a `numeric` as a double) PostgresKit's row decoder, as SQLKit's rows did; a value neither
    /// accepts (a NULL, another type) is a `DecodingError`, as on the other databases.
    private static func decode<T: PostgresDecodable & Decodable>(_ row: PostgresRow, _ cells: PostgresRandomAccessRow, _ column: Int, _ type: T.Type) throws -> T {
        try check(column, of: cells.count)
        do {
            return try cells[column].decode(T.self)
        } catch {
            if let value = try? row.sql(decodingContext: .default).decode(column: cells[column].columnName, as: T.self) { return value }
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [], debugDescription: "column \(column) is not \(T.self)", underlyingError: error))
        }
    }
}

extension SQLDatabase {
    /// Runs `query` and turns each result row into a value with `decode`, reading columns by
    /// position (``ResultRow``): the path for reads on every request. Other reads can keep
    /// SQLKit's rows; both see the same values.
    ///
    /// Inlined into the caller, so the array of results is built for its concrete type (generic
    /// code here would look up the array's type metadata on every append).
    @inlinable
    public func rows<T>(_ query: SQLQueryString, _ decode: (borrowing ResultRow) throws -> T) async throws -> [T] {
        var result: [T] = []
        try await forEachRow(query) { result.append(try decode($0)) }
        return result
    }

    /// The first row of `query` (see ``rows(_:_:)``), or nil when it has none.
    @inlinable
    public func firstRow<T>(_ query: SQLQueryString, _ decode: (borrowing ResultRow) throws -> T) async throws -> T? {
        try await rows(query, decode).first
    }

    /// Runs `query`, handing each result row to `body` while it is current.
    public func forEachRow(_ query: SQLQueryString, _ body: (borrowing ResultRow) throws -> Void) async throws {
        if let sqlite = self as? SQLiteDirectDatabase {
            return try sqlite.forEachDirectRow(query, body)
        }
        if let postgres = self as? PostgresPreparedDatabase {
            return try await postgres.forEachDirectRow(query, body)
        }
        try await forEachGenericRow(of: self, query, body)
    }
}

/// Any SQLKit database's rows for ``ResultRow``: collected, then read by the name at each position.
func forEachGenericRow(of database: any SQLDatabase, _ query: any SQLExpression, _ body: (borrowing ResultRow) throws -> Void) async throws {
    let collected = Mutex<[any SQLRow]>([])
    try await database.execute(sql: query) { row in collected.withLock { $0.append(row) } }
    for row in collected.withLock({ $0 }) { try body(ResultRow(source: .generic(row))) }
}
