import Foundation
import Logging
import NIOCore
import Persistence
import SQLKit

/// A database that fails the statements a test picks and runs every other one on the database it
/// wraps: how a test makes a write fail at a chosen point (after some of its statements ran) without
/// a hook in the production code. The failure is ``InjectedStatementFailure``; inside a transaction
/// it rolls the whole transaction back, as a real failure would.
public struct FaultyDatabase: Database {
    let base: any Database
    let fails: @Sendable (String) -> Bool

    /// - Parameters:
    ///   - base: the database every statement that is not failed runs on.
    ///   - fails: whether to fail a statement, given its SQL text.
    public init(_ base: any Database, failing fails: @escaping @Sendable (String) -> Bool) {
        self.base = base
        self.fails = fails
    }

    public var kind: DatabaseKind { base.kind }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await base.read { [fails] db in try await body(FaultySQLDatabase(base: db, fails: fails)) }
    }

    public func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await base.transaction { [fails] db in try await body(FaultySQLDatabase(base: db, fails: fails)) }
    }

    public func close() async {}
}

/// What ``FaultyDatabase`` throws for a statement it fails.
public struct InjectedStatementFailure: Error, CustomStringConvertible {
    public let sql: String
    public var description: String { "injected failure of: \(sql)" }
}

/// One connection of ``FaultyDatabase`` (SQLKit's generic row path: the drivers' direct paths are
/// for their own connection types).
struct FaultySQLDatabase: SQLDatabase {
    let base: any SQLDatabase
    let fails: @Sendable (String) -> Bool

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        let (sql, _) = base.serialize(query)
        if fails(sql) { return eventLoop.makeFailedFuture(InjectedStatementFailure(sql: sql)) }
        return base.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, _) = base.serialize(query)
        if fails(sql) { throw InjectedStatementFailure(sql: sql) }
        try await base.execute(sql: query, onRow)
    }
}
