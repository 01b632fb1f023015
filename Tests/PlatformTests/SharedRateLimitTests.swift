import AppServer
import Foundation
import HTTPTypes
import Jobs
import Persistence
import SQLKit
import Synchronization
import TestSupport
import Testing

@testable import PlatformCore

/// A store that counts the leases it passes on (how many database round trips a limiter costs).
final class CountingRateLimitStore: SharedRateLimitStore {
    let inner: any SharedRateLimitStore
    let leases = Atomic<Int>(0)

    init(_ inner: any SharedRateLimitStore) { self.inner = inner }

    func lease(_ key: String, tokens: Int, capacity: Int, per interval: TimeInterval, at now: Date) async throws -> RateLimitLease {
        leases.add(1, ordering: .relaxed)
        return try await inner.lease(key, tokens: tokens, capacity: capacity, per: interval, at: now)
    }
}

/// A store whose database is gone: every lease fails.
struct FailingRateLimitStore: SharedRateLimitStore {
    func lease(_ key: String, tokens: Int, capacity: Int, per interval: TimeInterval, at now: Date) async throws -> RateLimitLease {
        throw DatabaseUnavailable(reason: "the test's database is down", retryAfterSeconds: 1)
    }
}

/// A database that never answers (a hung server): every operation waits far past any bound,
/// ignoring cancellation.
struct HangingDatabase: Database {
    var kind: DatabaseKind { .postgres }
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        // Waits without spinning and whatever cancellation says (a hung server does not listen).
        await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + 20) { resumed.resume() }
        }
        throw DatabaseUnavailable(reason: "the test's database hung", retryAfterSeconds: 1)
    }
    func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T { try await read(body) }
    func close() async {}
}

/// Rate limits on PostgreSQL hold across instances: one client's requests spread over several
/// instances get the limit once, not once per instance.
@Suite("Shared rate limits across instances", .timeLimit(.minutes(3)))
struct SharedRateLimitTests {
    /// Sends `count` requests round-robin over `clients`; returns how many got `admitted` and the last 429.
    static func spread(
        _ count: Int, over clients: [TestClient], admitted: HTTPResponse.Status, _ send: @Sendable (TestClient) async throws -> APIResponse
    ) async throws -> (admitted: Int, limited: APIResponse?) {
        var passed = 0
        var limited: APIResponse?
        for index in 0..<count {
            let response = try await send(clients[index % clients.count])
            if response.status == admitted {
                passed += 1
            } else {
                #expect(response.status == .tooManyRequests, "\(response.text)")
                limited = response
            }
        }
        return (passed, limited)
    }

    @Test("sign-in per address: three instances admit AUTH_RATE_LIMIT_PER_MINUTE in total, then 429 with Retry-After; one minute later, again")
    func authPerAddress() async throws {
        let clock = TestClock()
        try await withInstances(3, configure: { _, configuration in configuration.authRateLimitPerMinute = 12 }, dependencies: .init(clock: clock)) { clients, _ in
            let signIn: @Sendable (TestClient) async throws -> APIResponse = { try await $0.send(.post, "/knot/auth/dev", json: ["email": "limited@example.com"]) }
            let first = try await Self.spread(36, over: clients, admitted: .ok, signIn)
            #expect(first.admitted == 12)
            let retryAfter = try #require(first.limited?.headers[.retryAfter].flatMap(Int.init))
            #expect((1...5).contains(retryAfter), "one token of 12 a minute is back in 5 s")
            clock.advance(by: 60)
            let second = try await Self.spread(36, over: clients, admitted: .ok, signIn)
            #expect(second.admitted == 12)
        }
    }

    @Test("password login per email: three instances admit LOGIN_RATE_LIMIT_PER_EMAIL attempts in total, then 429 with Retry-After")
    func loginPerEmail() async throws {
        let clock = TestClock()
        try await withInstances(3, configure: { _, configuration in configuration.loginRateLimitPerEmail = 6 }, dependencies: .init(clock: clock)) { clients, _ in
            let email = "login-\(UUID().uuidString.prefix(8))@example.com"
            let registered = try await clients[0].send(.post, "/vibekeeper/api/v1/auth/register", json: ["email": email, "name": "A", "password": "right password"])
            #expect(registered.status == .created, "\(registered.text)")
            let login: @Sendable (TestClient) async throws -> APIResponse = {
                try await $0.send(.post, "/vibekeeper/api/v1/auth/login", json: ["email": email, "password": "a wrong guess"])
            }
            let first = try await Self.spread(18, over: clients, admitted: .unauthorized, login)
            #expect(first.admitted == 6)
            let retryAfter = try #require(first.limited?.headers[.retryAfter].flatMap(Int.init))
            #expect((1...150).contains(retryAfter), "one attempt of 6 per 15 minutes is back in 150 s")
            clock.advance(by: 15 * 60)
            #expect(try await Self.spread(18, over: clients, admitted: .unauthorized, login).admitted == 6)
        }
    }

    @Test("a client far under its limit costs a lease, not a database round trip, per request: 10 requests at 30 a minute take at most 2 leases")
    func leasesNotRoundTrips() async throws {
        try await withServer(.postgres, dependencies: .init(clock: TestClock())) { _, server in
            let store = CountingRateLimitStore(PostgresRateLimitStore(database: server.database, leaseBound: TestDatabase.operationTimeout))
            let limiter = RateLimiter(capacity: 30, per: 60, clock: TestClock(), store: store, scope: "test-\(UUID().uuidString)")
            for _ in 0..<10 { #expect(await limiter.acquire("client") == nil) }
            #expect(store.leases.load(ordering: .relaxed) <= 2)
        }
    }

    @Test("a burst of one client's requests on one instance shares leases: 20 at once under a limit of 30 are all admitted, 60 at once exactly 30")
    func burstSharesLeases() async throws {
        try await withServer(.postgres, dependencies: .init(clock: TestClock())) { _, server in
            for (burst, admitted) in [(20, 20), (60, 30)] {
                let store = CountingRateLimitStore(PostgresRateLimitStore(database: server.database, leaseBound: TestDatabase.operationTimeout))
                let limiter = RateLimiter(capacity: 30, per: 60, clock: TestClock(), store: store, scope: "test-\(UUID().uuidString)")
                let refusals = await withTaskGroup(of: Int?.self) { group in
                    for _ in 0..<burst { group.addTask { await limiter.acquire("client") } }
                    return await group.reduce(into: [Int]()) { if let wait = $1 { $0.append(wait) } }
                }
                #expect(burst - refusals.count == admitted, "each request leasing on its own drained the bucket into pockets the others never looked at")
                #expect(refusals.allSatisfy { $0 >= 1 })
                #expect(store.leases.load(ordering: .relaxed) < burst, "requests arriving together wait for one lease")
            }
        }
    }

    @Test("100 concurrent leases on one PostgreSQL bucket never grant more than its capacity")
    func concurrentLeases() async throws {
        try await withServer(.postgres, dependencies: .init(clock: TestClock())) { _, server in
            let store = PostgresRateLimitStore(database: server.database, leaseBound: TestDatabase.operationTimeout)
            let key = "test-\(UUID().uuidString)"
            let now = Date()
            let granted = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<100 {
                    group.addTask { try await store.lease(key, tokens: 1 + index % 3, capacity: 50, per: 60, at: now).granted }
                }
                return try await group.reduce(0, +)
            }
            #expect(granted == 50)
            let empty = try await store.lease(key, tokens: 1, capacity: 50, per: 60, at: now)
            #expect(empty.granted == 0)
            // Refilled by the time elapsed: 50 a minute is one token in 1.2 s.
            #expect(try await store.lease(key, tokens: 5, capacity: 50, per: 60, at: now.addingTimeInterval(6)).granted == 5)
        }
    }

    @Test("the shared bucket sets Retry-After: whole seconds until its next token, at least 1")
    func retryAfterFromTheSharedBucket() async throws {
        try await withServer(.postgres, dependencies: .init(clock: TestClock())) { _, server in
            let store = PostgresRateLimitStore(database: server.database, leaseBound: TestDatabase.operationTimeout)
            let clock = TestClock()
            let scope = "test-\(UUID().uuidString)"
            // Two instances' limiters of 2 per 64 s (a token every 32 s) on one bucket.
            let one = RateLimiter(capacity: 2, per: 64, clock: clock, store: store, scope: scope)
            let other = RateLimiter(capacity: 2, per: 64, clock: clock, store: store, scope: scope)
            #expect(await one.acquire("c") == nil)
            #expect(await other.acquire("c") == nil)
            #expect(await one.acquire("c") == 32)
            clock.advance(by: 16)
            #expect(await other.acquire("c") == 16)
        }
    }

    @Test("a store that fails: the limiter counts in process instead (no error, the local bucket's limit)")
    func failingStoreFallsBackToLocal() async {
        let limiter = RateLimiter(capacity: 4, per: 64, clock: TestClock(), store: FailingRateLimitStore())
        for _ in 0..<4 { #expect(await limiter.acquire("c") == nil) }
        #expect(await limiter.acquire("c") == 16)
    }

    /// The scope keys of the shared buckets in `database`.
    static func bucketKeys(_ database: any Database) async throws -> Set<String> {
        try await database.read { db in
            Set(try await db.raw("SELECT scope_key FROM rate_limit_buckets").all().map { try $0.decode(column: "scope_key", as: String.self) })
        }
    }

    @Test(
        "rate-limit-buckets-purge deletes the buckets idle for a whole interval and keeps the others; a purged key starts full again; a purge queued under the kind it had before the rename runs too"
    )
    func purgeIdleBuckets() async throws {
        let clock = TestClock()
        // One instance on a database of its own: the purge would otherwise delete other tests' buckets.
        try await withInstances(1, dependencies: .init(clock: clock)) { _, servers in
            let server = servers[0]
            let store = PostgresRateLimitStore(database: server.database, leaseBound: TestDatabase.operationTimeout)
            let start = clock.now()
            for key in ["idle", "busy", "long"] {
                let interval: TimeInterval = key == "long" ? 3600 : 60
                #expect(try await store.lease(key, tokens: 5, capacity: 10, per: interval, at: start).granted == 5)
            }
            #expect(try await store.lease("busy", tokens: 1, capacity: 10, per: 60, at: start.addingTimeInterval(50)).granted == 1)
            try await store.purgeIdle(at: start.addingTimeInterval(60))
            #expect(try await Self.bucketKeys(server.database) == ["idle", "busy", "long"], "idle for exactly its interval: not yet")
            // The scheduled job, as the server registers it, at the app clock's time.
            clock.advance(by: 61)
            _ = try await server.scheduler.queue.enqueue(NewJob(kind: PostgresRateLimitStore.purgeJobKind, runAt: clock.now()))
            try await server.scheduler.drain()
            #expect(try await Self.bucketKeys(server.database) == ["busy", "long"], "idle 61 s of 60 goes; leased 11 s ago, or idle 61 s of an hour, stays")
            #expect(try await store.lease("idle", tokens: 10, capacity: 10, per: 60, at: clock.now()).granted == 10, "recreated full")
            #expect(try await store.lease("busy", tokens: 10, capacity: 10, per: 60, at: clock.now()).granted == 10, "kept and refilled")
            // A purge a server of the release before left queued, under the old kind.
            clock.advance(by: 61)
            #expect(PostgresRateLimitStore.formerPurgeJobKind == "platform.rate-limit-buckets-purge")
            let old = try #require(try await server.scheduler.queue.enqueue(NewJob(kind: PostgresRateLimitStore.formerPurgeJobKind, runAt: clock.now())))
            try await server.scheduler.drain()
            #expect(try await server.scheduler.queue.find(old)?.status == .succeeded)
            #expect(try await Self.bucketKeys(server.database) == ["long"], "idle 61 s of 60 goes again; idle 122 s of an hour stays")
        }
    }

    @Test("a hung database holds a request for the lease's own short bound, then the limiter counts in process")
    func hungDatabaseCostsOnlyTheLeaseBound() async {
        let store = PostgresRateLimitStore(database: HangingDatabase(), leaseBound: .milliseconds(200))
        let limiter = RateLimiter(capacity: 2, per: 60, clock: TestClock(), store: store, scope: "hung")
        let started = ContinuousClock.now
        #expect(await limiter.acquire("client") == nil)
        #expect(ContinuousClock.now - started < .seconds(15), "the lease's bound, not the hung database's 20 s")
        #expect(await limiter.acquire("client") == nil)
        #expect(await limiter.acquire("client") != nil, "the in-process bucket still limits")
    }

    @Test("a lease is sized from the shared bucket: a quarter of it, one token near the limit")
    func leaseSizes() {
        #expect(RateLimiter.leaseSize(sharedRemaining: 30) == 7)
        #expect(RateLimiter.leaseSize(sharedRemaining: 7) == 1)
        #expect(RateLimiter.leaseSize(sharedRemaining: 0) == 1)
    }
}
