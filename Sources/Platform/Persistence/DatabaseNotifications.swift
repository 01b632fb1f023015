import SQLKit

/// Messages between server instances that share one database: a writer sends a payload on a
/// channel inside its transaction (``SQLKit/SQLDatabase/notify(channel:payload:)``), and every
/// instance's subscribers of that channel get it once the transaction commits. Why it exists: state
/// a process keeps for speed (a cache) must hear of changes other instances made. Delivery is best
/// effort — a listener that lost its connection misses what was sent meanwhile — so every
/// subscriber is also told each time the listener (re)connects, and flushes what it may have missed.
public protocol DatabaseNotifications: Sendable {
    /// Registers a subscriber of `channel`: `connected` runs each time the listener is (again)
    /// listening on it, before any payload sent from then on; `received` runs with each payload.
    /// Subscribe before the service runs; a later subscription takes effect at the next reconnect.
    func subscribe(channel: String, connected: @escaping @Sendable () -> Void, received: @escaping @Sendable (String) -> Void)
}

extension SQLDatabase {
    /// Sends `payload` to the listeners of `channel` when the current transaction commits (nothing
    /// when it rolls back). On SQLite there is one instance and no listener: nothing is sent.
    public func notify(channel: String, payload: String) async throws {
        guard isPostgres else { return }
        try await raw("SELECT pg_notify(\(bind: channel), \(bind: payload))").run()
    }
}
