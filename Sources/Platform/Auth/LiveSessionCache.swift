import Foundation
import Persistence
import PlatformCore
import Synchronization

/// Remembers, for a few seconds, which sign-in sessions were found live, so an authenticated request
/// usually costs no session query. Revocations made through this process (sign-out, refresh-token
/// reuse, account deletion) evict at once; those made by *another* server instance arrive as
/// ``SessionRevocation`` notifications (``follow(_:)``), and the whole cache is dropped whenever the
/// listener (re)connects, since notifications may have been lost meanwhile. Should one be lost
/// anyway, an entry still lives at most ``ttl`` seconds. A TTL of 0 disables the cache.
public final class LiveSessionCache: Sendable {
    struct Entry {
        let user: UserID
        let app: AppID
        let checkedAt: Date
    }

    private struct State {
        var entries: [UUID: Entry] = [:]
        /// Counts evictions: a session found live by a query that ran while one happened is not
        /// remembered (the eviction may have been for it, and come before the query's answer).
        var evictions: UInt64 = 0
    }

    public let ttl: TimeInterval
    private let state = Mutex(State())
    static let limit = 50_000

    public init(ttl: TimeInterval) { self.ttl = ttl }

    /// Keeps the cache in step with revocations made by other instances on the same database: each
    /// ``SessionRevocation`` evicts its sessions, each (re)connection of the listener empties the
    /// cache. Nothing to follow (SQLite, one instance) leaves it as it is.
    public func follow(_ notifications: (any DatabaseNotifications)?) {
        notifications?.subscribe(
            channel: SessionRevocation.channel, connected: { [self] in forgetAll() },
            received: { [self] payload in
                if let revocation = SessionRevocation(payload: payload) { apply(revocation) }
            })
    }

    func isKnownLive(_ identity: AuthIdentity, now: Date) -> Bool {
        guard ttl > 0 else { return false }
        return state.withLock { state in
            guard let entry = state.entries[identity.sessionID] else { return false }
            return entry.user == identity.userID && entry.app == identity.app && now.timeIntervalSince(entry.checkedAt) < ttl
        }
    }

    /// Where the evictions stand, read before asking the database whether a session is live.
    var evictionMark: UInt64 { state.withLock { $0.evictions } }

    /// Remembers a session the database found live, unless something was evicted since `mark`
    /// (``evictionMark`` read before the query).
    func remember(_ identity: AuthIdentity, now: Date, checkedSince mark: UInt64) {
        guard ttl > 0 else { return }
        state.withLock { state in
            guard state.evictions == mark else { return }
            if state.entries.count >= Self.limit {
                state.entries = state.entries.filter { now.timeIntervalSince($0.value.checkedAt) < ttl }
                if state.entries.count >= Self.limit { state.entries.removeAll(keepingCapacity: true) }
            }
            state.entries[identity.sessionID] = Entry(user: identity.userID, app: identity.app, checkedAt: now)
        }
    }

    func apply(_ revocation: SessionRevocation) {
        switch revocation {
        case .session(let session): forget(session: session)
        case .user(let user): forget(user: user)
        }
    }

    func forget(session: UUID) {
        state.withLock { state in
            state.evictions &+= 1
            state.entries.removeValue(forKey: session)
        }
    }

    func forget(user: UserID) {
        state.withLock { state in
            state.evictions &+= 1
            state.entries = state.entries.filter { $0.value.user != user }
        }
    }

    /// Forgets every session (the listener reconnected: revocations may have been missed).
    func forgetAll() {
        state.withLock { state in
            state.evictions &+= 1
            state.entries.removeAll()
        }
    }
}
