import Foundation

/// The seed's `CacheManager`: an in-memory cache whose entries are fresh for a max age the reader
/// gives (deals 300 s under `"deals"`, airports 1 h), on an injected clock so tests move time
/// instead of waiting. Memory only: the offline copy is a ``LocalStore``'s job.
public final class CacheManager: @unchecked Sendable {
    // @unchecked Sendable: `entries` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var entries: [String: (value: any Sendable, storedAt: Date)] = [:]
    let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date = Date.init) { self.now = now }

    /// The value stored under `key` when it is a `T` stored at most `maxAge` seconds ago.
    public func get<T: Sendable>(key: String, maxAge: TimeInterval) -> T? {
        let now = now()
        return lock.withLock {
            guard let entry = entries[key], now.timeIntervalSince(entry.storedAt) <= maxAge else { return nil }
            return entry.value as? T
        }
    }

    /// Stores `value` under `key`, stamped with the clock's now.
    public func set<T: Sendable>(key: String, value: T) {
        let now = now()
        lock.withLock { entries[key] = (value, now) }
    }

    /// Forgets `key` (after a write that makes it wrong).
    public func remove(key: String) {
        _ = lock.withLock { entries.removeValue(forKey: key) }
    }
}

/// The seed's cache keys and ages.
public enum CacheKey {
    public static let deals = "deals"
    /// The seed's 5-minute TTL for deals and search results.
    public static let dealsMaxAge: TimeInterval = 300
    /// "Destination Search: 1-hour TTL (airports don't change)".
    public static let airportsMaxAge: TimeInterval = 3600
}
