import Foundation
import Logging
import SQLKit

/// One versioned schema change, written once per dialect. Statements run in order inside the
/// migration's transaction.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let sqlite: [String]
    public let postgres: [String]
    /// Runs after the statements, on SQLite only: for changes a fixed statement cannot make (one
    /// that needs a value read first).
    let sqliteProcedure: (@Sendable (any SQLDatabase) async throws -> Void)?

    public init(version: Int, name: String, sqlite: [String], postgres: [String]) {
        self.init(version: version, name: name, sqlite: sqlite, postgres: postgres, sqliteProcedure: nil)
    }

    init(version: Int, name: String, sqlite: [String], postgres: [String], sqliteProcedure: (@Sendable (any SQLDatabase) async throws -> Void)?) {
        self.version = version
        self.name = name
        self.sqlite = sqlite
        self.postgres = postgres
        self.sqliteProcedure = sqliteProcedure
    }

    /// Replaces the length CHECKs of text `columns` of `table`, written inline as
    /// `CHECK (length(column) BETWEEN 1 AND bound)`, by `CHECK (length(column) >= 1)`.
    ///
    /// Why: an API limit counts characters as people see them (grapheme clusters), a database's
    /// `length()` counts code points, and one character may hold any number of them ("e" with 1,000
    /// combining accents is one character), so no code-point bound is safe from valid input. The
    /// API's validators are the one length rule; the tables keep "not empty", which valid input
    /// always meets.
    ///
    /// PostgreSQL replaces the named constraint (`<table>_<column>_check`). SQLite cannot alter a
    /// constraint, and rebuilding a table with rows pointing at it would cascade deletes; it
    /// rewrites the table's definition in `sqlite_schema` instead, the procedure SQLite documents for
    /// removing a CHECK (the stored rows do not change), and bumps `schema_version` so every open
    /// connection reloads the schema.
    public static func relaxingLengthChecks(version: Int, name: String, table: String, columns: [(column: String, bound: Int)]) -> Migration {
        let postgres = columns.map { column, _ in
            """
            ALTER TABLE \(table) DROP CONSTRAINT IF EXISTS \(table)_\(column)_check, \
            ADD CONSTRAINT \(table)_\(column)_check CHECK (length(\(column)) >= 1)
            """
        }
        return Migration(version: version, name: name, sqlite: [], postgres: postgres) { db in
            let schemaVersion = try await db.raw("PRAGMA schema_version").first()?.decode(column: "schema_version", as: Int.self) ?? 0
            try await db.raw("PRAGMA writable_schema = ON").run()
            for (column, bound) in columns {
                try await db.raw(
                    """
                    UPDATE sqlite_master SET sql = replace(sql, \(bind: "CHECK (length(\(column)) BETWEEN 1 AND \(bound))"), \(bind: "CHECK (length(\(column)) >= 1)"))
                    WHERE type = 'table' AND name = \(bind: table)
                    """
                ).run()
            }
            try await db.raw("PRAGMA schema_version = \(unsafeRaw: String(schemaVersion + 1))").run()
            try await db.raw("PRAGMA writable_schema = OFF").run()
            // A definition written otherwise than expected would be left as it was: say so rather
            // than record the migration as applied.
            let definition =
                try await db.raw("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = \(bind: table)").first()?
                .decode(column: "sql", as: String.self) ?? ""
            for (column, _) in columns where !definition.contains("CHECK (length(\(column)) >= 1)") {
                throw MigrationFailed(reason: "\(table).\(column): its length CHECK is not written as this migration expects")
            }
        }
    }

    /// One schema text for both dialects, with type placeholders: `{uuid}` (TEXT | UUID),
    /// `{ts}` (REAL | TIMESTAMPTZ), `{date}` (TEXT | DATE), `{bool}` (INTEGER | BOOLEAN), `{false}`,
    /// `{true}`, `{vector}` (BLOB | vector), `{double}` (REAL | DOUBLE PRECISION), `{bytes}` (BLOB | BYTEA). `postgresOnly` statements (extensions, vector indexes)
    /// run on PostgreSQL alone: `postgresFirst` before the shared ones, `postgresLast` after.
    public init(version: Int, name: String, template: [String], postgresFirst: [String] = [], postgresLast: [String] = []) {
        self.init(
            version: version, name: name,
            sqlite: template.map { Self.render($0, DatabaseKind.sqlite) },
            postgres: postgresFirst + template.map { Self.render($0, DatabaseKind.postgres) } + postgresLast
        )
    }

    static func render(_ statement: String, _ kind: DatabaseKind) -> String {
        let types: [(String, String, String)] = [
            ("{uuid}", "TEXT", "UUID"), ("{ts}", "REAL", "TIMESTAMPTZ"), ("{date}", "TEXT", "DATE"),
            ("{bool}", "INTEGER", "BOOLEAN"), ("{false}", "0", "FALSE"), ("{true}", "1", "TRUE"), ("{vector}", "BLOB", "vector"),
            ("{double}", "REAL", "DOUBLE PRECISION"), ("{bytes}", "BLOB", "BYTEA"),
        ]
        var result = statement
        for (placeholder, sqlite, postgres) in types {
            result = result.replacingOccurrences(of: placeholder, with: kind == .sqlite ? sqlite : postgres)
        }
        return result
    }
}

/// A migration that could not do what it says; the transaction it ran in is rolled back.
struct MigrationFailed: Error, CustomStringConvertible {
    let reason: String
    var description: String { "migration failed: \(reason)" }
}
