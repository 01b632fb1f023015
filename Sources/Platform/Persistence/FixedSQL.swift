import Foundation
import SQLKit
import Synchronization

/// A statement whose text never varies, only its values: SQL with a `?` where each value goes, the
/// same on every database this project runs on. On SQLite it runs as it is, its prepared statement
/// found by this statement's number; elsewhere it becomes the `SQLQueryString` it stands for (each
/// `?` a bound value), so it reads exactly as that query would.
///
/// Why (issue 13): the hint page is read on every `GET /hints`, and turning its `SQLQueryString`
/// into text again on each read (SQLKit's serializer) and then hashing those 400 bytes to find the
/// prepared statement cost about 7 % of SQLite's reader thread. For statements that are built
/// differently for different inputs, keep writing `SQLQueryString`s.
///
/// The text must not hold a `?` anywhere but where a value goes (not in a literal or a comment):
/// ``init(_:)`` counts the places and ``forEachRow(_:_:_:)`` refuses a different number of values.
public struct FixedSQL: Sendable {
    /// Distinguishes this statement's prepared form from every other's on a connection.
    let number: Int
    /// The text as SQLite takes it.
    let sql: String
    /// The text around the values: `parts.count` is one more than the number of values.
    let parts: [String]

    private static let count = Atomic<Int>(0)

    public init(_ sql: String) {
        self.sql = sql
        self.parts = sql.split(separator: "?", omittingEmptySubsequences: false).map(String.init)
        self.number = Self.count.add(1, ordering: .relaxed).newValue
    }

    /// How many values the statement takes.
    public var valueCount: Int { parts.count - 1 }

    /// The query this statement stands for, `values` bound in order.
    func query(_ values: [any Encodable & Sendable]) throws -> SQLQueryString {
        try checkCount(values)
        var query = SQLQueryString(parts[0])
        for (value, part) in zip(values, parts.dropFirst()) {
            query.appendInterpolation(bind: value)
            query.appendLiteral(part)
        }
        return query
    }

    func checkCount(_ values: [any Encodable & Sendable]) throws {
        guard values.count == valueCount else { throw FixedSQLError.valueCount(expected: valueCount, given: values.count) }
    }
}

extension SQLDatabase {
    /// Runs `statement` with `values` (in the order of its `?`s), handing each result row to `body`
    /// while it is current, as ``forEachRow(_:_:)`` does for a query.
    public func forEachRow(_ statement: FixedSQL, _ values: [any Encodable & Sendable], _ body: (borrowing ResultRow) throws -> Void) async throws {
        if let sqlite = self as? SQLiteDirectDatabase {
            return try sqlite.forEachDirectRow(statement, values, body)
        }
        try await forEachRow(statement.query(values), body)
    }
}
