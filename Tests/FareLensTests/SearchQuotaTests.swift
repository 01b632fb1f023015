import AppServer
import FareLens
import FareLensAPI
import Foundation
import Observability
import Persistence
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

/// A provider for the pipeline's tests: counts its calls, answers after `delay`, or fails.
final class CountingProvider: FlightOfferProviding {
    let source: FlightOfferSource
    let calls = LockedValue(0)
    let failing = LockedValue(false)
    let delay: Duration

    init(_ source: FlightOfferSource, delay: Duration = .zero) {
        self.source = source
        self.delay = delay
    }

    func offers(for query: FlightSearchQuery, today: LocalDate) async throws -> FlightOffersResponse {
        calls.withLock { $0 += 1 }
        if delay > .zero { try await Task.sleep(for: delay) }
        if failing.value { throw FlightProviderError.unavailable(provider: source.rawValue, reason: "down") }
        return try OfflineFareProvider(airports: AirportCatalog.shipped).search(query, today: today)
    }
}

/// The search pipeline and the quota ledger on both databases: coalescing, atomic spending, the
/// purposes' priority, the day's pace and the month's rollover.
@Suite("FareLens search pipeline and quota", .timeLimit(.minutes(3)))
struct SearchQuotaTests {
    /// A migrated database of its own (the quota rows are server-wide).
    static func withDatabase<T: Sendable>(_ database: TestDatabase, _ body: @Sendable @escaping (any Database) async throws -> T) async throws -> T {
        try await SearchAPITests.withSearchServer(database, clock: TestClock()) { _, components in try await body(components.database) }
    }

    static func query(_ clock: any TimeSource, destination: String = "LHR") -> FlightSearchQuery {
        FlightSearchQuery(origin: "JFK", destination: destination, departureDate: LocalDate(clock.now(), in: TimeZone(identifier: "UTC")!).adding(days: 40))
    }

    @Test("20 identical searches at once make one provider call and get one answer", arguments: TestDatabase.allCases)
    func coalescing(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { db in
            let clock = TestClock()
            let provider = CountingProvider(.amadeus, delay: .milliseconds(300))
            let service = FlightSearchService(
                cache: FlightSearchCache(database: db, clock: clock), quota: QuotaLedger(database: db, clock: clock, policies: [QuotaPolicy(provider: .amadeus, limit: 1_000)]),
                providers: [provider], clock: clock)
            let query = Self.query(clock)
            let answers = try await withThrowingTaskGroup(of: FlightOffersResponse.self) { group in
                for _ in 0..<20 { group.addTask { try await service.search(query, purpose: .userSearch(UserID(UUID()))) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(provider.calls.value == 1)
            #expect(answers.count == 20 && Set(answers.map(\.data.count)).count == 1 && answers.allSatisfy { $0.data == answers[0].data })
            // Afterwards the cache answers; a different search is its own call.
            #expect(try await service.search(query, purpose: .background).meta?.source == .cache)
            _ = try await service.search(Self.query(clock, destination: "CDG"), purpose: .background)
            #expect(provider.calls.value == 2)
        }
    }

    /// An observer as slow as a busy database: the clock moves while it works.
    struct SlowObserver: FlightSearchObserving {
        let clock: TestClock
        func observe(_ response: FlightOffersResponse, for query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
            clock.advance(by: 3)
            return response
        }
    }

    @Test("the answer and its cached copy carry one cached_at, and the TTL counts from it", arguments: TestDatabase.allCases)
    func oneCachedAt(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { db in
            let clock = TestClock()
            let service = FlightSearchService(
                cache: FlightSearchCache(database: db, clock: clock), quota: QuotaLedger(database: db, clock: clock, policies: []),
                providers: [CountingProvider(.offline)], observer: SlowObserver(clock: clock), clock: clock)
            let query = Self.query(clock)
            let fresh = try await service.search(query, purpose: .background)
            let hit = try await service.search(query, purpose: .background)
            #expect(fresh.meta?.source == .offline && hit.meta?.source == .cache)
            let stamped = try #require(fresh.meta?.cachedAt)
            // Equal to the millisecond (the databases keep times at their own precision); 3 s apart before.
            #expect(abs((hit.meta?.cachedAt ?? .distantPast).timeIntervalSince(stamped)) < 0.001)
            clock.advance(by: FlightSearchCache.ttl - 3 + 0.01)  // 3 s went by in the observer: the entry is now older than the TTL
            #expect(try await service.search(query, purpose: .background).meta?.source == .offline)
        }
    }

    @Test("a user's search never waits on background work the quota refuses: identical searches coalesce per priority class", arguments: TestDatabase.allCases)
    func coalescingKeepsPriority(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { db in
            let clock = TestClock()
            let provider = CountingProvider(.amadeus, delay: .milliseconds(300))
            let ledger = QuotaLedger(database: db, clock: clock, policies: [QuotaPolicy(provider: .amadeus, limit: 10)])
            for _ in 0..<9 { _ = try await ledger.spend(.amadeus, for: .userSearch(UserID())).get() }  // 90 %: background is done for the month
            let service = FlightSearchService(cache: FlightSearchCache(database: db, clock: clock), quota: ledger, providers: [provider], clock: clock)
            let query = Self.query(clock)
            let background = Task { try? await service.search(query, purpose: .background) }
            try await Task.sleep(for: .milliseconds(20))
            let user = try await service.search(query, purpose: .userSearch(UserID()))
            #expect(user.meta?.source == .amadeus && user.meta?.quota?.used == 10)
            if let answer = await background.value { #expect(answer.meta?.source != .amadeus, "the background search did not spend") }
            #expect(provider.calls.value == 1)
        }
    }

    @Test("20 concurrent spends with 5 left spend exactly 5", arguments: TestDatabase.allCases)
    func atomicSpending(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { db in
            let ledger = QuotaLedger(database: db, clock: TestClock(), policies: [QuotaPolicy(provider: .amadeus, limit: 25)])
            for _ in 0..<20 { _ = try await ledger.spend(.amadeus, for: .userSearch(UserID(UUID()))).get() }
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 { group.addTask { (try? await ledger.spend(.amadeus, for: .userSearch(UserID(UUID()))).get()) != nil } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 5)
            #expect(try await ledger.report([.amadeus]).first?.used == 25)
        }
    }

    @Test("priority under exhaustion: background stops at 90 %, Free watchlists at 93 %, Pro at 96 %, user searches at 100 %", arguments: TestDatabase.allCases)
    func priority(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { db in
            // A 100-call month whose pace (4 a day) the watchlists and background would pass: set the day's use aside.
            let clock = TestClock()
            let ledger = QuotaLedger(database: db, clock: clock, policies: [QuotaPolicy(provider: .amadeus, limit: 100)])
            let user = FlightSearchPurpose.userSearch(UserID(UUID()))
            for _ in 0..<89 { _ = try await ledger.spend(.amadeus, for: user).get() }
            try await Self.clearDay(db, clock)
            #expect(try await ledger.spend(.amadeus, for: .background).get()?.used == 90)
            try await Self.clearDay(db, clock)
            await #expect(throws: QuotaLedger.Refusal.self) { try await ledger.spend(.amadeus, for: .background).get() }
            #expect(try await ledger.report([.amadeus]).first?.state == .backgroundPaused)
            for _ in 0..<3 { _ = try await ledger.spend(.amadeus, for: .watchlist(tier: .free)).get(); try await Self.clearDay(db, clock) }
            await #expect(throws: QuotaLedger.Refusal.self) { try await ledger.spend(.amadeus, for: .watchlist(tier: .free)).get() }
            for _ in 0..<3 { _ = try await ledger.spend(.amadeus, for: .watchlist(tier: .pro)).get(); try await Self.clearDay(db, clock) }
            await #expect(throws: QuotaLedger.Refusal.self) { try await ledger.spend(.amadeus, for: .watchlist(tier: .pro)).get() }
            for _ in 0..<4 { _ = try await ledger.spend(.amadeus, for: user).get() }
            await #expect(throws: QuotaLedger.Refusal.self) { try await ledger.spend(.amadeus, for: user).get() }
            let report = try #require(try await ledger.report([.amadeus]).first)
            #expect(report.used == 100 && report.remaining == 0 && report.state == .exhausted)
        }
    }

    @Test("the day's pace holds watchlist work back, background work at a quarter of it, never user searches", arguments: TestDatabase.allCases)
    func pacing(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { db in
            let clock = TestClock()
            let ledger = QuotaLedger(database: db, clock: clock, policies: [QuotaPolicy(provider: .amadeus, limit: 2_000)])
            let pace = QuotaPolicy(provider: .amadeus, limit: 2_000).dayPace(on: LocalDate(clock.now(), in: TimeZone(identifier: "UTC")!))
            #expect((65...67).contains(pace))
            // Background work first: a quarter of the day, then it waits, leaving the rest to watchlists.
            for _ in 0..<(pace / 4) { _ = try await ledger.spend(.amadeus, for: .background).get() }
            guard case .failure(.paced) = try await ledger.spend(.amadeus, for: .background) else {
                Issue.record("background work passed a quarter of the day's pace")
                return
            }
            for _ in 0..<(pace - pace / 4) { _ = try await ledger.spend(.amadeus, for: .watchlist(tier: .pro)).get() }
            guard case .failure(.paced(let resets)) = try await ledger.spend(.amadeus, for: .watchlist(tier: .pro)) else {
                Issue.record("the pace did not hold")
                return
            }
            #expect(resets > clock.now() && resets <= clock.now().addingTimeInterval(86_400))
            await #expect(throws: QuotaLedger.Refusal.self) { try await ledger.spend(.amadeus, for: .background).get() }
            #expect(try await ledger.spend(.amadeus, for: .userSearch(UserID(UUID()))).get()?.used == pace + 1)
            clock.advance(by: 86_400)
            #expect(try await ledger.spend(.amadeus, for: .background).get() != nil)
        }
    }

    @Test("a new UTC month starts at zero", arguments: TestDatabase.allCases)
    func monthRollover(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { db in
            let clock = TestClock(ISO8601DateFormatter().date(from: "2026-01-31T23:58:00Z")!)
            let ledger = QuotaLedger(database: db, clock: clock, policies: [QuotaPolicy(provider: .amadeus, limit: 2)])
            let user = FlightSearchPurpose.userSearch(UserID(UUID()))
            _ = try await ledger.spend(.amadeus, for: user).get()
            _ = try await ledger.spend(.amadeus, for: user).get()
            await #expect(throws: QuotaLedger.Refusal.self) { try await ledger.spend(.amadeus, for: user).get() }
            let report = try #require(try await ledger.report([.amadeus]).first)
            #expect(report.resetsAt == ISO8601DateFormatter().date(from: "2026-02-01T00:00:00Z")!)
            clock.advance(by: 180)
            #expect(try await ledger.spend(.amadeus, for: user).get()?.used == 1)
            #expect(try await ledger.report([.amadeus]).first?.state == .backgroundPaused, "1 of 2 is past 90 %, not yet exhausted")
        }
    }

    @Test(
        "a live provider out of quota or failing passes to the next; all out with nothing cached is FlightSearchUnavailable; offline spends nothing",
        arguments: TestDatabase.allCases)
    func chain(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { db in
            let clock = TestClock()
            let amadeus = CountingProvider(.amadeus)
            let travelpayouts = CountingProvider(.travelpayouts)
            let ledger = QuotaLedger(
                database: db, clock: clock, policies: [QuotaPolicy(provider: .amadeus, limit: 1), QuotaPolicy(provider: .travelpayouts, limit: 1)])
            let service = FlightSearchService(cache: FlightSearchCache(database: db, clock: clock), quota: ledger, providers: [amadeus, travelpayouts], clock: clock)
            let user = FlightSearchPurpose.userSearch(UserID(UUID()))
            let first = try await service.search(Self.query(clock, destination: "LHR"), purpose: user)
            let second = try await service.search(Self.query(clock, destination: "CDG"), purpose: user)
            #expect(first.meta?.source == .amadeus && second.meta?.source == .travelpayouts)
            await #expect(throws: FlightSearchUnavailable.self) { try await service.search(Self.query(clock, destination: "FRA"), purpose: user) }
            #expect(amadeus.calls.value == 1 && travelpayouts.calls.value == 1)

            let failing = CountingProvider(.amadeus)
            failing.failing.value = true
            let unlimited = FlightSearchService(
                cache: FlightSearchCache(database: db, clock: clock), quota: QuotaLedger(database: db, clock: clock, policies: []), providers: [failing, travelpayouts],
                clock: clock)
            let fellBack = try await unlimited.search(Self.query(clock, destination: "MAD"), purpose: user)
            #expect(fellBack.meta?.source == .travelpayouts)

            let offline = FlightSearchService(
                cache: FlightSearchCache(database: db, clock: clock), quota: ledger, providers: [OfflineOfferProvider()], clock: clock)
            let priced = try await offline.search(Self.query(clock, destination: "BCN"), purpose: .background)
            #expect(priced.meta?.source == .offline)
        }
    }

    /// Forgets today's calls, so a test of the month's ceilings is not held by the day's pace.
    static func clearDay(_ db: any Database, _ clock: any TimeSource) async throws {
        let day = QuotaPolicy.dayKey(clock.now())
        try await db.transaction { try await $0.raw("DELETE FROM farelens_quota_usage WHERE period = \(bind: day)").run() }
    }
}
