import Foundation
import PlatformCore
import PostgresNIO
import SQLiteNIO

/// The last line between a database's refusal and a 500: a write the database refused for the data
/// it carried — a CHECK, NOT NULL, UNIQUE or foreign key constraint, or a value the column cannot
/// hold — is the client's 422 (409 for UNIQUE) naming the column, on both databases.
///
/// The API validates every field before it writes, so reaching this is a gap in a validator; it is
/// logged as such (``ErrorMiddleware`` calls ``apiError(for:)`` for errors nothing else answered).
/// Repositories that expect a constraint (a unique email, a row deleted meanwhile) still catch the
/// driver's error themselves first.
public enum ConstraintFailure {
    /// The client error for `error`, or nil when it is not a refusal of the data.
    public static func apiError(for error: any Error) -> APIError? {
        switch error {
        case let error as PostgresTransactionError:
            for inner in [error.closureError, error.commitError, error.beginError].compactMap({ $0 }) {
                if let mapped = apiError(for: inner) { return mapped }
            }
            return nil
        case let error as PSQLError:
            guard case .server = error.code, let state = error.serverInfo?[.sqlState] else { return nil }
            return postgres(
                state: state, table: error.serverInfo?[.tableName], column: error.serverInfo?[.columnName],
                constraint: error.serverInfo?[.constraintName], detail: error.serverInfo?[.detail])
        case let error as SQLiteFailure:
            return error.isConstraintViolation ? sqlite(message: error.message) : nil
        case let error as SQLiteError:
            return String(describing: error.reason).hasPrefix("constraint") ? sqlite(message: error.message) : nil
        default:
            return nil
        }
    }

    static func postgres(state: String, table: String?, column: String?, constraint: String?, detail: String?) -> APIError? {
        switch state {
        case "23505":
            return conflict(field: keyColumn(detail) ?? column)
        case "23502":
            return .validation([FieldError(field: column ?? "body", message: "is required")])
        case "23503":
            return refersToMissing(field: keyColumn(detail) ?? column)
        case "23514":
            // `<table>_<column>_check`, PostgreSQL's name for a column's inline CHECK.
            var field = constraint ?? ""
            if let table, field.hasPrefix(table + "_") { field.removeFirst(table.count + 1) }
            if field.hasSuffix("_check") { field.removeLast("_check".count) }
            return rejected(field: field.isEmpty ? nil : field)
        case _ where state.hasPrefix("22"):
            // A data exception: a value the column's type cannot hold (too long, out of range, not a date…).
            return rejected(field: column)
        default:
            return nil
        }
    }

    /// SQLite's messages: `CHECK constraint failed: <expression or name>`, `NOT NULL constraint
    /// failed: t.c`, `UNIQUE constraint failed: t.c, t.d`, `FOREIGN KEY constraint failed`.
    /// Anything else (a trigger's `RAISE`) is not the data's fault as far as can be told: nil.
    static func sqlite(message: String) -> APIError? {
        func after(_ prefix: String) -> Substring? {
            guard let range = message.range(of: prefix) else { return nil }
            return message[range.upperBound...]
        }
        if let columns = after("UNIQUE constraint failed: ") {
            return conflict(field: columns.split(separator: ",").last.map { String($0.split(separator: ".").last ?? $0).trimmingCharacters(in: .whitespaces) })
        }
        if let column = after("NOT NULL constraint failed: ") {
            return .validation([FieldError(field: String(column.split(separator: ".").last ?? column), message: "is required")])
        }
        if message.contains("FOREIGN KEY constraint failed") { return refersToMissing(field: nil) }
        if let expression = after("CHECK constraint failed: ") { return rejected(field: firstColumn(in: expression)) }
        return nil
    }

    /// The column a CHECK expression tests: its first identifier that is neither a function being
    /// called nor an SQL word (`length(name) BETWEEN 1 AND 1000` → `name`).
    static func firstColumn(in expression: Substring) -> String? {
        let words: Set<String> = ["and", "or", "not", "in", "between", "is", "null", "like", "glob", "case", "when", "then", "else", "end", "true", "false"]
        var index = expression.startIndex
        while index < expression.endIndex {
            let character = expression[index]
            guard character.isLetter || character == "_" else {
                if character == "'" {
                    // Skip a string literal.
                    index = expression[expression.index(after: index)...].firstIndex(of: "'").map { expression.index(after: $0) } ?? expression.endIndex
                } else {
                    index = expression.index(after: index)
                }
                continue
            }
            let end = expression[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? expression.endIndex
            let word = String(expression[index..<end])
            let next = expression[end...].first { $0 != " " }
            if next != "(", !words.contains(word.lowercased()) { return word }
            index = end
        }
        return nil
    }

    /// `Key (email)=(a@b.c) already exists.` → `email` (the last column of a composite key).
    static func keyColumn(_ detail: String?) -> String? {
        guard let detail, let open = detail.range(of: "Key ("), let close = detail[open.upperBound...].firstIndex(of: ")") else { return nil }
        return detail[open.upperBound..<close].split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func conflict(field: String?) -> APIError {
        var error = APIError.conflict(field.map { "\($0): a record with this value already exists." } ?? "A record with these values already exists.")
        if let field { error.fields = [FieldError(field: field, message: "already exists")] }
        return error
    }

    static func refersToMissing(field: String?) -> APIError {
        .validation([FieldError(field: field ?? "body", message: "refers to a record that does not exist (or no longer does)")])
    }

    static func rejected(field: String?) -> APIError {
        .validation([FieldError(field: field ?? "body", message: "holds a value that cannot be stored")])
    }
}
