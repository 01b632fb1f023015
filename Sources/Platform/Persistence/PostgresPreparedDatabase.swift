import Foundation
import Logging
import NIOCore
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization

/// SQLKit over one PostgreSQL connection, running every statement as a server-side prepared
/// statement: parsed and planned once per connection, then only bound and executed.
///
/// PostgresKit sends each query as the unnamed statement (Parse, Bind, Execute every time), so
/// PostgreSQL parses and plans the same text on every request — about half its CPU on the hints
/// read (issue 13). Here each distinct statement text (and parameter types) gets a name from
/// ``PostgresStatementNames``, and PostgresNIO's prepared-statement support keeps, per connection,
/// which names are prepared: the first use on a connection sends Parse, later ones only Bind and
/// Execute. The wire semantics are PostgresKit's: the same parameter types are declared in Parse,
/// values are encoded by the same PostgresNIO encoders, rows decoded by the same decoder.
///
/// A statement falls back to PostgresKit's unnamed path when a value has no direct PostgreSQL
/// encoding (PostgresKit would JSON-encode it) or when the process already named
/// ``PostgresStatementNames/capacity`` texts (statement texts come from code, so this bounds memory
/// on both ends should a text ever embed a varying literal).
struct PostgresPreparedDatabase: SQLDatabase {
    let connection: PostgresConnection
    let unprepared: any SQLDatabase
    let names: PostgresStatementNames
    let taint: PreparedStatementTaint

    init(connection: PostgresConnection, names: PostgresStatementNames, taint: PreparedStatementTaint = PreparedStatementTaint()) {
        self.connection = connection
        self.unprepared = connection.sql(queryLogLevel: nil)
        self.names = names
        self.taint = taint
    }

    var logger: Logger { connection.logger }
    var eventLoop: any EventLoop { connection.eventLoop }
    var dialect: any SQLDialect { PostgresDialect() }
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        guard let (statement, bindings) = try prepared(query) else {
            return try await unprepared.execute(sql: query, onRow)
        }
        var columns: ResultColumnNames?
        try await run(statement, bindings) { row in
            let direct = PostgresDirectRow(row, columns: columns)
            columns = direct.columns
            onRow(direct)
        }
    }

    /// Hands each of `query`'s rows to `body`, reading cells by position.
    func forEachDirectRow(_ query: any SQLExpression, _ body: (borrowing ResultRow) throws -> Void) async throws {
        guard let (statement, bindings) = try prepared(query) else {
            return try await forEachGenericRow(of: unprepared, query, body)
        }
        var bodyError: (any Error)?
        try await run(statement, bindings) { row in
            // After a row `body` refused (one that cannot be decoded), the rest is still read, so
            // the statement completes and the connection stays usable.
            guard bodyError == nil else { return }
            do {
                try body(ResultRow(source: .postgres(row, row.makeRandomAccess())))
            } catch {
                bodyError = error
            }
        }
        if let bodyError { throw bodyError }
    }

    /// The named statement for `query` and its encoded values; nil when it is to run unprepared
    /// (a value without a direct PostgreSQL encoding, or no name left).
    private func prepared(_ query: any SQLExpression) throws -> (NamedStatement, PostgresBindings)? {
        let (sql, binds) = serialize(query)
        var bindings = PostgresBindings(capacity: binds.count)
        var types: [PostgresDataType] = []
        types.reserveCapacity(binds.count)
        for bind in binds {
            // (An optional holding a value casts to its value's encoding; an absent one does not.)
            if let value = bind as? any PostgresThrowingDynamicTypeEncodable {
                try bindings.append(value, context: .default)
                types.append(value.psqlType)
            } else if (bind as? any AbsentOptionalCheck)?.isAbsent == true {
                bindings.appendNull()
                types.append(.null)
            } else {
                return nil
            }
        }
        guard let (name, declared) = names.name(for: sql, types: types) else { return nil }
        return (NamedStatement(name: name, sql: sql, types: declared), bindings)
    }

    /// Executes `statement` (preparing it on this connection first if needed), handing each row to `onRow`.
    private func run(_ statement: NamedStatement, _ bindings: PostgresBindings, _ onRow: (PostgresRow) -> Void) async throws {
        do {
            try await NamedStatement.$current.withValue(statement) {
                let rows = try await connection.execute(PreparedStatementCall(bindings: bindings), logger: logger)
                for try await row in rows {
                    onRow(row)
                }
            }
        } catch {
            // PostgresNIO remembers a failed preparation for the connection's lifetime (a Parse
            // refused inside an aborted transaction would fail that statement forever after), and we
            // cannot tell a failed Parse from a failed Execute: the connection is not reused.
            taint.set()
            throw error
        }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }
}

/// The statement a ``PreparedStatementCall`` stands for. PostgresNIO reads a prepared statement's
/// name, text and parameter types from static properties of its type (statements are meant to
/// be written as types); our texts are built at run time, so the static properties read this
/// task-local value, set around the one call that reads them.
struct NamedStatement: Sendable {
    let name: String
    let sql: String
    let types: [PostgresDataType]

    @TaskLocal static var current = NamedStatement(name: "", sql: "", types: [])
}

/// One execution of ``NamedStatement/current`` with its encoded values.
struct PreparedStatementCall: PostgresPreparedStatement {
    typealias Row = PostgresRow
    static var name: String {
        // Read in the calling task (PostgresNIO 1.33 does); an empty name would be the unnamed statement.
        precondition(!NamedStatement.current.name.isEmpty, "a prepared statement's name read outside its call")
        return NamedStatement.current.name
    }
    static var sql: String { NamedStatement.current.sql }
    static var bindingDataTypes: [PostgresDataType] { NamedStatement.current.types }

    let bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

/// Tells an absent optional inside an existential from a present one.
protocol AbsentOptionalCheck {
    var isAbsent: Bool { get }
}

extension Optional: AbsentOptionalCheck {
    var isAbsent: Bool { self == nil }
}
