import Foundation
import Hummingbird
import Synchronization

/// A token-bucket rate limiter: `capacity` requests at once, refilled at `refillPerSecond`.
///
/// Without a store (SQLite, one instance) the buckets are in-process; buckets idle long enough to be
/// full are dropped so memory stays bounded. With a ``SharedRateLimitStore`` (PostgreSQL, several
/// instances) every instance draws on one shared bucket per key: it leases a few tokens at a time
/// and spends them locally, so a client far under its limit costs one database round trip per lease,
/// not per request. A lease is sized from what the shared bucket held last time (a quarter of it,
/// so one token near the limit) and lapses after a few seconds; unused leased tokens can only make
/// the limit admit a little less, never more. When the store fails (the database down or past its
/// operation bound) that request is counted in the in-process bucket instead: never a 500, and no
/// wait beyond the database's bound.
public final class RateLimiter: Sendable {
    struct Bucket {
        var tokens: Double
        var updated: Date
    }

    /// Tokens leased from the shared bucket and not spent yet, and what the shared bucket held then.
    struct Lease {
        var tokens: Int
        var expires: Date
        var sharedRemaining: Double
    }

    /// How long leased tokens may be spent: short, so tokens an instance holds while the client
    /// talks to other instances lapse soon.
    static let leaseLifetime: TimeInterval = 10

    public let capacity: Double
    public let refillPerSecond: Double
    /// Who the client is: the socket peer, or `X-Forwarded-For` behind a trusted proxy.
    public let clients: ClientAddressResolver
    /// Prefixed to every key (`scope|key`), so limiters sharing a store never share rows.
    public let scope: String
    private let interval: TimeInterval
    private let clock: any TimeSource
    private let store: (any SharedRateLimitStore)?
    private let buckets = Mutex<[String: Bucket]>([:])
    private let leases = Mutex<[String: Lease]>([:])
    /// The lease in flight per key, which requests of that key arriving meanwhile wait for.
    private let leasing = Mutex<[String: Task<LeaseOutcome, Never>]>([:])

    public init(
        capacity: Int, per interval: TimeInterval, clock: any TimeSource = SystemTime(), clients: ClientAddressResolver = .direct,
        store: (any SharedRateLimitStore)? = nil, scope: String = ""
    ) {
        self.capacity = Double(capacity)
        self.refillPerSecond = Double(capacity) / interval
        self.interval = interval
        self.clock = clock
        self.clients = clients
        self.store = store
        self.scope = scope
    }

    /// Takes one token for `key`. Returns `nil` when allowed, or the seconds to wait before retrying.
    public func acquire(_ key: String) async -> Int? {
        let key = scope.isEmpty ? key : "\(scope)|\(key)"
        guard let store else { return acquireLocally(key) }
        // Requests of one key arriving together share one lease in flight and then spend from the
        // pocket it filled; each taking a lease of its own would drain the shared bucket into a
        // pocket the later of them never look at, and refuse clients far under their limit.
        var seen: LeaseOutcome?
        for _ in 0..<Self.maxRounds {
            let now = clock.now()
            let step = leases.withLock { leases -> Step in
                if leases.count > 50_000 { leases = leases.filter { $0.value.expires > now } }
                if var held = leases[key], held.tokens > 0, held.expires > now {
                    held.tokens -= 1
                    leases[key] = held
                    return .admitted
                }
                if case .refused(let remaining) = seen { return .refused(remaining) }
                if let pending = leasing.withLock({ $0[key] }) { return .wait(pending) }
                let size = Self.leaseSize(sharedRemaining: leases[key]?.sharedRemaining ?? capacity)
                let task = Task { await self.lease(key, size: size, store: store, at: now) }
                leasing.withLock { $0[key] = task }
                return .wait(task)
            }
            switch step {
            case .admitted: return nil
            case .refused(let remaining): return max(1, Int(((1 - remaining) / refillPerSecond).rounded(.up)))
            case .wait(let task):
                let outcome = await task.value
                if case .failed = outcome { return acquireLocally(key) }
                seen = outcome
            }
        }
        return 1  // tokens were granted every round but others spent them first: try again in a second
    }

    /// What one lease from the shared store gave, as every request waiting on it sees it.
    enum LeaseOutcome: Sendable {
        case granted
        case refused(remaining: Double)
        case failed
    }

    enum Step {
        case admitted
        case refused(Double)
        case wait(Task<LeaseOutcome, Never>)
    }

    /// Rounds of "lease, then spend from the pocket" one request goes through at most before it is
    /// told to retry (each round's lease granted tokens that others spent first).
    static let maxRounds = 16

    /// Leases `size` tokens of `key` into the pocket, and clears the lease in flight.
    private func lease(_ key: String, size: Int, store: any SharedRateLimitStore, at now: Date) async -> LeaseOutcome {
        let result = try? await store.lease(key, tokens: size, capacity: Int(capacity), per: interval, at: now)
        return leases.withLock { leases -> LeaseOutcome in
            leasing.withLock { _ = $0.removeValue(forKey: key) }
            guard let result else { return .failed }
            var held = leases[key].flatMap { $0.expires > now ? $0 : nil } ?? Lease(tokens: 0, expires: now, sharedRemaining: capacity)
            held.sharedRemaining = result.remaining
            guard result.granted > 0 else {
                leases[key] = held
                return .refused(remaining: result.remaining)
            }
            held.tokens += result.granted
            held.expires = now.addingTimeInterval(min(interval, Self.leaseLifetime))
            leases[key] = held
            return .granted
        }
    }

    /// A quarter of what the shared bucket held last time, at least one token.
    static func leaseSize(sharedRemaining: Double) -> Int {
        max(1, Int((sharedRemaining / 4).rounded(.down)))
    }

    /// The in-process bucket: the only one without a store, the fallback when the store fails.
    private func acquireLocally(_ key: String) -> Int? {
        let now = clock.now()
        return buckets.withLock { buckets -> Int? in
            if buckets.count > 50_000 { Self.prune(&buckets, now: now, capacity: capacity, rate: refillPerSecond) }
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = max(0, now.timeIntervalSince(bucket.updated))
            bucket.tokens = min(capacity, bucket.tokens + elapsed * refillPerSecond)
            bucket.updated = now
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                buckets[key] = bucket
                return nil
            }
            buckets[key] = bucket
            return Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up))
        }
    }

    private static func prune(_ buckets: inout [String: Bucket], now: Date, capacity: Double, rate: Double) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + now.timeIntervalSince(bucket.updated) * rate < capacity
        }
    }
}
