import Foundation

/// `CacheManager` (docs/farelens.md, "SDK and CLI"): an in-memory cache whose entries are fresh for a max age the reader
/// gives (deals 300 s under `"deals"`, airports 1 h), on an injected clock so tests move time
/// instead of waiting. Memory only: the offline copy is a ``LocalStore``'s job. Bounded: every
/// write drops the entries older than ``retention`` (no reader would take them), and past
/// ``capacity`` entries the oldest.
public final class CacheManager: @unchecked Sendable {
    // @unchecked Sendable: `entries` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var entries: [String: (value: any Sendable, storedAt: Date)] = [:]
    let now: @Sendable () -> Date
    /// Seconds after which no reader takes an entry (the longest max age, airports' hour).
    public let retention: TimeInterval
    /// The most entries kept.
    public let capacity: Int

    public init(now: @escaping @Sendable () -> Date = Date.init, retention: TimeInterval = CacheKey.airportsMaxAge, capacity: Int = 200) {
        self.now = now
        self.retention = retention
        self.capacity = max(capacity, 1)
    }

    /// How many entries are held (expired ones included until the next write).
    public var count: Int { lock.withLock { entries.count } }

    /// The value stored under `key` when it is a `T` stored at most `maxAge` seconds ago.
    public func get<T: Sendable>(key: String, maxAge: TimeInterval) -> T? {
        let now = now()
        return lock.withLock {
            guard let entry = entries[key], now.timeIntervalSince(entry.storedAt) <= maxAge else { return nil }
            return entry.value as? T
        }
    }

    /// Stores `value` under `key`, stamped with the clock's now; drops what expired (see the type).
    public func set<T: Sendable>(key: String, value: T) {
        let now = now()
        lock.withLock {
            entries = entries.filter { now.timeIntervalSince($0.value.storedAt) <= retention }
            entries[key] = (value, now)
            if entries.count > capacity {
                let oldest = entries.filter { $0.key != key }.sorted { $0.value.storedAt < $1.value.storedAt }.prefix(entries.count - capacity).map(\.key)
                for key in oldest { entries[key] = nil }
            }
        }
    }

    /// Forgets `key` (after a write that makes it wrong).
    public func remove(key: String) {
        _ = lock.withLock { entries.removeValue(forKey: key) }
    }
}
