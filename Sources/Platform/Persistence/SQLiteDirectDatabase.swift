import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO
import VaporCSQLite

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
