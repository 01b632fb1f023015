import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO
import VaporCSQLite

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
