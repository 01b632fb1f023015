import Foundation
import PlatformCore
import Synchronization

/// Remembers, for a few seconds, which sign-in sessions were found live, so an authenticated request
/// usually costs no session query. Revocations made through this process (sign-out, refresh-token
/// reuse, account deletion) evict at once; a revocation made by *another* server instance is seen
/// after at most ``ttl`` seconds. A TTL of 0 disables the cache.
public final class LiveSessionCache: Sendable {
    struct Entry {
        let user: UserID
        let app: AppID
        let checkedAt: Date
    }

    public let ttl: TimeInterval
    private let entries = Mutex<[UUID: Entry]>([:])
    static let limit = 50_000

    public init(ttl: TimeInterval) { self.ttl = ttl }

    func isKnownLive(_ identity: AuthIdentity, now: Date) -> Bool {
        guard ttl > 0 else { return false }
        return entries.withLock { entries in
            guard let entry = entries[identity.sessionID] else { return false }
            return entry.user == identity.userID && entry.app == identity.app && now.timeIntervalSince(entry.checkedAt) < ttl
        }
    }

    func remember(_ identity: AuthIdentity, now: Date) {
        guard ttl > 0 else { return }
        entries.withLock { entries in
            if entries.count >= Self.limit {
                entries = entries.filter { now.timeIntervalSince($0.value.checkedAt) < ttl }
                if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
            }
            entries[identity.sessionID] = Entry(user: identity.userID, app: identity.app, checkedAt: now)
        }
    }

    func forget(session: UUID) {
        _ = entries.withLock { $0.removeValue(forKey: session) }
    }

    func forget(user: UserID) {
        entries.withLock { entries in entries = entries.filter { $0.value.user != user } }
    }
}
