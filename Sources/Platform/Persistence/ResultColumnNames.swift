/// A result's column names, made once per result and shared by its rows (``SQLiteDirectRow``,
/// ``PostgresDirectRow``). Looked up by a scan: a handful of short names compare faster than they
/// hash, and a per-row dictionary (PostgresNIO's `PostgresRandomAccessRow` hashes a name twice per
/// cell) cost 3 % of the server's CPU on the PostgreSQL hints read (issue 13).
final class ResultColumnNames: Sendable {
    /// Which column a name repeated in a result (`SELECT a.id, b.id`) means: each driver keeps the
    /// answer its own row type gave before (SQLite the first, PostgresNIO's look-up the last).
    enum Duplicate: Sendable { case first, last }

    let names: [String]
    private let duplicate: Duplicate

    init(_ names: [String], duplicate: Duplicate) {
        self.names = names
        self.duplicate = duplicate
    }

    func index(of column: String) -> Int? {
        switch duplicate {
        case .first: names.firstIndex(of: column)
        case .last: names.lastIndex(of: column)
        }
    }
}
