import Foundation
import Logging
import NIOCore
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization

/// A PostgreSQL row for SQLKit that decodes the column types rows are almost always read as
/// (text, integers, booleans, doubles, timestamps, UUIDs and their optionals) with PostgresNIO's
/// decoders called directly. PostgresKit's row reaches the same decoders through dynamic casts and
/// generic metadata look-ups on every column — 13 % of the server's CPU on the hints read. Any
/// other type, and any failure, goes to PostgresKit's row, so results and errors are its own.
struct PostgresDirectRow: SQLRow {
    let row: PostgresRow
    let cells: PostgresRandomAccessRow
    /// The column names, shared by every row of one result.
    let columns: ResultColumnNames

    init(_ row: PostgresRow, columns: ResultColumnNames? = nil) {
        self.row = row
        self.cells = row.makeRandomAccess()
        self.columns = columns ?? ResultColumnNames(cells.map(\.columnName), duplicate: .last)
    }

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.index(of: column) != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let index = columns.index(of: column) else { return true }
        return cells[index].bytes == nil
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        if let index = columns.index(of: column), let value = try? Self.direct(cells[index], as: D.self) { return value }
        return try row.sql(decodingContext: .default).decode(column: column, as: D.self)
    }

    private static func direct<D>(_ cell: PostgresCell, as type: D.Type) throws -> D? {
        if D.self == String.self { return unsafeBitCast(try cell.decode(String.self), to: D.self) }
        if D.self == Int.self { return unsafeBitCast(try cell.decode(Int.self), to: D.self) }
        if D.self == Bool.self { return unsafeBitCast(try cell.decode(Bool.self), to: D.self) }
        if D.self == Double.self { return unsafeBitCast(try cell.decode(Double.self), to: D.self) }
        if D.self == Date.self { return unsafeBitCast(try cell.decode(Date.self), to: D.self) }
        if D.self == UUID.self { return unsafeBitCast(try cell.decode(UUID.self), to: D.self) }
        if D.self == String?.self { return unsafeBitCast(try cell.decode(String?.self), to: D.self) }
        if D.self == Int?.self { return unsafeBitCast(try cell.decode(Int?.self), to: D.self) }
        if D.self == Bool?.self { return unsafeBitCast(try cell.decode(Bool?.self), to: D.self) }
        if D.self == Double?.self { return unsafeBitCast(try cell.decode(Double?.self), to: D.self) }
        if D.self == Date?.self { return unsafeBitCast(try cell.decode(Date?.self), to: D.self) }
        if D.self == UUID?.self { return unsafeBitCast(try cell.decode(UUID?.self), to: D.self) }
        return nil
    }
}
