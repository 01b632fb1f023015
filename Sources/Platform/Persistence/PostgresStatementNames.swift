import Foundation
import Logging
import NIOCore
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization

/// The process-wide names of prepared statements: one per distinct statement text and parameter
/// types, up to ``capacity``; the same name on every connection (each prepares it on first use).
///
/// An absent value (`NULL`) fits any declared type, so a call with `NULL`s reuses a variant of the
/// same text whose other types match instead of naming a new one: optional parameters do not
/// multiply the names. Statements with more than ``maxParameters`` values (bulk inserts, whose
/// texts vary with the row count) are not prepared.
final class PostgresStatementNames: Sendable {
    static let shared = PostgresStatementNames(logger: Logger(label: "persistence.prepared-statements"))
    /// More distinct texts than the code issues (four apps issue several hundred, and the test
    /// process, which runs them all, more); past it, statements run unprepared (logged once).
    let capacity: Int
    let maxParameters = 64
    private let logger: Logger?
    private let state = Mutex(State())

    private struct State {
        var variants: [String: [[PostgresDataType]]] = [:]
        var names: [Key: String] = [:]
        var warned = false
    }

    private struct Key: Hashable {
        let sql: String
        let types: [UInt32]
    }

    init(capacity: Int = 4096, logger: Logger? = nil) {
        self.capacity = capacity
        self.logger = logger
    }

    /// The name to execute `sql` under with values of `types`, and the parameter types that name
    /// was (or is to be) prepared with; nil when the statement is to run unprepared.
    func name(for sql: String, types: [PostgresDataType]) -> (String, [PostgresDataType])? {
        guard types.count <= maxParameters else { return nil }
        let (result, warn) = state.withLock { state -> ((String, [PostgresDataType])?, Bool) in
            if let name = state.names[Key(sql: sql, types: types.map(\.rawValue))] { return ((name, types), false) }
            if types.contains(.null), let variant = state.variants[sql]?.first(where: { Self.fits(types, $0) }),
                let name = state.names[Key(sql: sql, types: variant.map(\.rawValue))]
            {
                return ((name, variant), false)
            }
            guard state.names.count < capacity else {
                defer { state.warned = true }
                return (nil, !state.warned)
            }
            let name = "apps_\(state.names.count + 1)"
            state.names[Key(sql: sql, types: types.map(\.rawValue))] = name
            state.variants[sql, default: []].append(types)
            return ((name, types), false)
        }
        if warn { logger?.warning("more than \(capacity) distinct statements: further ones run unprepared") }
        return result
    }

    /// Values of `types` can run under a statement prepared with `declared`: same count, and every
    /// non-NULL value of the declared type.
    static func fits(_ types: [PostgresDataType], _ declared: [PostgresDataType]) -> Bool {
        types.count == declared.count && zip(types, declared).allSatisfy { $0 == .null || $0 == $1 }
    }

    var count: Int { state.withLock { $0.names.count } }
}
