import Foundation
import Persistence
import PlatformCore
import Testing

@testable import Auth

/// Notifications delivered by hand, as the PostgreSQL listener would deliver them.
private final class HandNotifications: DatabaseNotifications {
    private let subscribers = LockedValue<[(channel: String, connected: @Sendable () -> Void, received: @Sendable (String) -> Void)]>([])

    func subscribe(channel: String, connected: @escaping @Sendable () -> Void, received: @escaping @Sendable (String) -> Void) {
        subscribers.withLock { $0.append((channel, connected, received)) }
    }

    func connect() { for subscriber in subscribers.value { subscriber.connected() } }

    func send(_ payload: String, on channel: String = SessionRevocation.channel) {
        for subscriber in subscribers.value where subscriber.channel == channel { subscriber.received(payload) }
    }
}

@Suite("LiveSessionCache follows revocations from other instances")
struct LiveSessionCacheTests {
    let now = Date()
    let app = AppID(rawValue: "knot")!

    func identity(user: UserID = UserID()) -> AuthIdentity { AuthIdentity(userID: user, app: app, sessionID: UUID()) }

    func remembered(_ cache: LiveSessionCache, _ identities: [AuthIdentity]) -> LiveSessionCache {
        for identity in identities { cache.remember(identity, now: now, checkedSince: cache.evictionMark) }
        return cache
    }

    @Test("payloads name one session or one user, and round-trip")
    func payloads() {
        let session = UUID()
        let user = UserID()
        #expect(SessionRevocation.session(session).payload == "s:\(session.uuidString)")
        #expect(SessionRevocation(payload: SessionRevocation.session(session).payload) == .session(session))
        #expect(SessionRevocation(payload: SessionRevocation.user(user).payload) == .user(user))
        for junk in ["", "s:", "x:\(session.uuidString)", "s:not-a-uuid", "u:\(session.uuidString)x"] { #expect(SessionRevocation(payload: junk) == nil, "\(junk)") }
    }

    @Test("a session notification evicts that session, a user notification every session of the user, junk nothing")
    func notificationsEvict() {
        let notifications = HandNotifications()
        let cache = LiveSessionCache(ttl: 60)
        cache.follow(notifications)
        let user = UserID()
        let (a, b, c, other) = (identity(user: user), identity(user: user), identity(user: user), identity())
        _ = remembered(cache, [a, b, c, other])
        notifications.send(SessionRevocation.session(a.sessionID).payload)
        #expect(!cache.isKnownLive(a, now: now))
        #expect(cache.isKnownLive(b, now: now))
        notifications.send("nonsense")
        notifications.send(SessionRevocation.session(b.sessionID).payload, on: "another_channel")
        #expect(cache.isKnownLive(b, now: now))
        notifications.send(SessionRevocation.user(user).payload)
        #expect(!cache.isKnownLive(b, now: now) && !cache.isKnownLive(c, now: now))
        #expect(cache.isKnownLive(other, now: now))
    }

    @Test("each (re)connection of the listener empties the cache")
    func reconnectFlushes() {
        let notifications = HandNotifications()
        let cache = LiveSessionCache(ttl: 60)
        cache.follow(notifications)
        let identities = [identity(), identity()]
        _ = remembered(cache, identities)
        notifications.connect()
        for identity in identities { #expect(!cache.isKnownLive(identity, now: now)) }
    }

    @Test("a session found live by a query that an eviction overtook is not remembered")
    func evictionDuringQueryWins() {
        let cache = LiveSessionCache(ttl: 60)
        let session = identity()
        let mark = cache.evictionMark
        cache.forget(session: session.sessionID)  // the revocation's notification arrives while the query runs
        cache.remember(session, now: now, checkedSince: mark)
        #expect(!cache.isKnownLive(session, now: now))
    }

    @Test("the TTL still bounds an entry whose revocation was never heard of")
    func ttlIsTheFallback() {
        let cache = LiveSessionCache(ttl: 60)
        let session = identity()
        _ = remembered(cache, [session])
        #expect(cache.isKnownLive(session, now: now.addingTimeInterval(59)))
        #expect(!cache.isKnownLive(session, now: now.addingTimeInterval(60)))
    }
}
