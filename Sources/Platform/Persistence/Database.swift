import Foundation
import Logging
import PlatformCore
import PostgresNIO
import SQLKit
import SQLiteNIO

/// Access to the database for repositories. Every read runs on one pooled connection; every write
/// runs in a transaction, so a multi-table change either lands whole or not at all.
///
/// Repositories write plain SQL through SQLKit; the few places where the dialects differ
/// (dates, vectors) ask ``kind``.
public protocol Database: Sendable {
    var kind: DatabaseKind { get }

    /// Runs `body` on a connection for reads (and single-statement writes that need no transaction).
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T

    /// Runs `body` in a transaction, committed when it returns and rolled back when it throws.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T

    /// Closes connections. Called once at shutdown.
    func close() async

    /// Notifications from the other instances on this database, or nil where there are none
    /// (SQLite: one instance).
    var notifications: (any DatabaseNotifications)? { get }
}

extension Database {
    public var notifications: (any DatabaseNotifications)? { nil }
}

extension SQLDatabase {
    /// True on PostgreSQL, for the few statements whose text differs between dialects.
    public var isPostgres: Bool { dialect.name == "postgresql" }

    /// `column` as `YYYY-MM-DD` text: PostgreSQL `DATE` needs a cast, SQLite stores text already.
    public func dateText(_ column: String) -> SQLQueryString {
        isPostgres ? "to_char(\(unsafeRaw: column), 'YYYY-MM-DD')" : "\(unsafeRaw: column)"
    }

    /// Makes the transaction running on this connection the only one holding `key` until it ends,
    /// so check-then-write steps on one user's rows (a limit, a find-or-create) cannot interleave:
    /// a transaction-scoped advisory lock on PostgreSQL; SQLite's single writer orders them already.
    public func serializeTransactions(on key: String) async throws {
        guard isPostgres else { return }
        try await raw("SELECT pg_advisory_xact_lock(hashtext(\(bind: key)))").run()
    }

    /// The placeholder cast for binding a `YYYY-MM-DD` string into a `DATE` column.
    public var dateCast: SQLQueryString { isPostgres ? "::date" : "" }

    /// `column` (a UUID column) is one of `ids`, as one bound value whatever the count, so the
    /// statement text (and its prepared statement) stays the same: an array on PostgreSQL, a JSON
    /// array read by `json_each` on SQLite (whose UUID columns hold `uuidString` text).
    public func isOneOf(_ column: String, _ ids: [UUID]) -> SQLQueryString {
        if isPostgres { return "\(unsafeRaw: column) = ANY(\(bind: ids))" }
        return inJSONArray(column, "[" + ids.map { "\"\($0.uuidString)\"" }.joined(separator: ",") + "]")
    }

    /// `column` (a text column) is one of `values`, as one bound value whatever the count (the
    /// same statement shape as for UUIDs above).
    public func isOneOf(_ column: String, _ values: [String]) -> SQLQueryString {
        if isPostgres { return "\(unsafeRaw: column) = ANY(\(bind: values))" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let list = (try? encoder.encode(values)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return inJSONArray(column, list)
    }

    /// SQLite: `column` is one of the elements of the bound JSON array `list`.
    private func inJSONArray(_ column: String, _ list: String) -> SQLQueryString {
        "\(unsafeRaw: column) IN (SELECT value FROM json_each(\(bind: list)))"
    }
}

extension Error {
    /// True when this error is a UNIQUE (or primary key) constraint violation on either database.
    public var isUniqueViolation: Bool {
        if let error = self as? PSQLError {
            return error.serverInfo?[.sqlState] == "23505"
        }
        if let error = self as? SQLiteFailure {
            return error.message.contains("UNIQUE constraint failed")
        }
        return false
    }

    /// True when a write pointed at a row that no longer exists (or a delete still had rows
    /// pointing at it): SQLSTATE 23503 on PostgreSQL, "FOREIGN KEY constraint failed" on SQLite.
    /// Typically a write racing the deletion of what it belongs to, such as the account.
    public var isForeignKeyViolation: Bool {
        if let error = self as? PSQLError {
            return error.serverInfo?[.sqlState] == "23503"
        }
        if let error = self as? SQLiteFailure {
            return error.message.contains("FOREIGN KEY constraint failed")
        }
        return false
    }

    /// True when the database aborted a transaction because it collided with a concurrent one
    /// (PostgreSQL deadlock 40P01 or serialization failure 40001); running it again may succeed.
    public var isTransactionConflict: Bool {
        if let error = self as? PSQLError, let state = error.serverInfo?[.sqlState] {
            return state == "40P01" || state == "40001"
        }
        return false
    }

    /// True when the database refused a write because of a CHECK, UNIQUE, NOT NULL or foreign key
    /// constraint (SQLSTATE class 23 on PostgreSQL, "constraint failed" on SQLite).
    public var isConstraintViolation: Bool {
        if let error = self as? PSQLError {
            return error.serverInfo?[.sqlState]?.hasPrefix("23") == true
        }
        if let error = self as? SQLiteFailure {
            return error.isConstraintViolation
        }
        return false
    }
}
