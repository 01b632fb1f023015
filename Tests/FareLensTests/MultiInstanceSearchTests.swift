import AppServer
import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

@testable import FareLens

/// Searches and the provider quota across several server instances on one database: identical
/// searches make one provider call wherever they arrive (the search claims), a claim left behind
/// or failed never blocks, and the quota is spent exactly at its limit.
@Suite("FareLens search across instances", .timeLimit(.minutes(3)))
struct MultiInstanceSearchTests {
    /// An instance's search service over `db`, with its own claims and quota ledger, as a second
    /// server would build it.
    static func service(
        _ db: any Database, clock: any TimeSource, provider: CountingProvider, limit: Int = 1_000, claimLifetime: TimeInterval = FlightSearchClaims.lifetime
    ) -> FlightSearchService {
        FlightSearchService(
            cache: FlightSearchCache(database: db, clock: clock), quota: QuotaLedger(database: db, clock: clock, policies: [QuotaPolicy(provider: .amadeus, limit: limit)]),
            providers: [provider], clock: clock, claims: FlightSearchClaims(database: db, clock: clock, lifetime: claimLifetime))
    }

    /// Runs `count` searches for each of `queries[i]` on `services[i]`, all at once.
    static func searchAtOnce(_ services: [FlightSearchService], _ queries: [FlightSearchQuery], count: Int) async throws -> [FlightOffersResponse] {
        try await withThrowingTaskGroup(of: FlightOffersResponse.self) { group in
            for _ in 0..<count {
                for (service, query) in zip(services, queries) {
                    group.addTask { try await service.search(query, purpose: .userSearch(UserID(UUID()))) }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// A claim on `query`'s user searches written by an instance that is gone, live until `expiresAt`.
    static func leaveClaim(_ db: any Database, for query: FlightSearchQuery, expiresAt: Date) async throws {
        let flight = FlightSearchKey(query).text + "|" + FlightSearchService.priorityClass(.userSearch(UserID()))
        try await db.transaction { db in
            try await db.raw("INSERT INTO farelens_search_flights (flight_key, owner, expires_at) VALUES (\(bind: flight), 'killed', \(bind: expiresAt))").run()
        }
    }

    static func claimCount(_ db: any Database) async throws -> Int {
        try await db.read { try await $0.raw("SELECT COUNT(*) AS n FROM farelens_search_flights").first()?.decode(column: "n", as: Int.self) ?? -1 }
    }

    @Test("identical searches at two instances at once make one provider call and spend one quota unit; different queries one each", arguments: TestDatabase.allCases)
    func oneCallAcrossInstances(_ database: TestDatabase) async throws {
        try await SearchQuotaTests.withDatabase(database) { db in
            let clock = TestClock()
            let providers = [CountingProvider(.amadeus, delay: .milliseconds(400)), CountingProvider(.amadeus, delay: .milliseconds(400))]
            let services = providers.map { Self.service(db, clock: clock, provider: $0) }
            let query = SearchQuotaTests.query(clock)
            let answers = try await Self.searchAtOnce(services, [query, query], count: 10)
            #expect(providers.map { $0.calls.value }.reduce(0, +) == 1)
            #expect(answers.count == 20 && answers.allSatisfy { $0.data == answers[0].data })
            #expect(try await services[0].quota.report([.amadeus]).first?.used == 1)
            #expect(try await Self.claimCount(db) == 0, "the claim is released")

            let other = [SearchQuotaTests.query(clock, destination: "CDG"), SearchQuotaTests.query(clock, destination: "FRA")]
            _ = try await Self.searchAtOnce(services, other, count: 10)
            #expect(providers.map { $0.calls.value }.reduce(0, +) == 3)
            #expect(try await services[1].quota.report([.amadeus]).first?.used == 3)
        }
    }

    @Test(
        "a claim left by a killed instance does not block: expired by the clock the next search fetches at once; under a frozen clock the wait ends after its lifetime of real time",
        arguments: TestDatabase.allCases)
    func staleClaim(_ database: TestDatabase) async throws {
        try await SearchQuotaTests.withDatabase(database) { db in
            let clock = TestClock()
            let provider = CountingProvider(.amadeus)
            let query = SearchQuotaTests.query(clock)
            try await Self.leaveClaim(db, for: query, expiresAt: clock.now().addingTimeInterval(FlightSearchClaims.lifetime))
            clock.advance(by: FlightSearchClaims.lifetime + 1)
            let start = ContinuousClock.now
            let answer = try await Self.service(db, clock: clock, provider: provider).search(query, purpose: .userSearch(UserID()))
            #expect(answer.meta?.source == .amadeus && provider.calls.value == 1)
            #expect(ContinuousClock.now - start < .seconds(5), "the expired claim was taken over, not waited out")
            #expect(try await Self.claimCount(db) == 0)

            let frozen = SearchQuotaTests.query(clock, destination: "CDG")
            try await Self.leaveClaim(db, for: frozen, expiresAt: clock.now().addingTimeInterval(3600))
            let waited = ContinuousClock.now
            let late = try await Self.service(db, clock: clock, provider: provider, claimLifetime: 1).search(frozen, purpose: .userSearch(UserID()))
            let elapsed = ContinuousClock.now - waited
            #expect(late.meta?.source == .amadeus && provider.calls.value == 2)
            #expect(elapsed >= .seconds(1) && elapsed < .seconds(5), "\(elapsed)")
        }
    }

    @Test("a failed fetch releases its claim: the other instance's search fetches at once", arguments: TestDatabase.allCases)
    func failedFetchReleases(_ database: TestDatabase) async throws {
        try await SearchQuotaTests.withDatabase(database) { db in
            let clock = TestClock()
            let failing = CountingProvider(.amadeus, delay: .seconds(1))
            failing.failing.value = true
            let working = CountingProvider(.amadeus)
            let query = SearchQuotaTests.query(clock)
            let first = Task { try await Self.service(db, clock: clock, provider: failing).search(query, purpose: .userSearch(UserID())) }
            // The first instance holds the claim (its provider is answering) before the second asks.
            _ = try await eventually(every: .milliseconds(10)) { try await Self.claimCount(db) > 0 }
            let start = ContinuousClock.now
            let second = try await Self.service(db, clock: clock, provider: working).search(query, purpose: .userSearch(UserID()))
            #expect(ContinuousClock.now - start < .seconds(5), "it waited on a claim nobody held")
            #expect(second.meta?.source == .amadeus && failing.calls.value == 1 && working.calls.value == 1)
            await #expect(throws: FlightSearchUnavailable.self) { try await first.value }
            #expect(try await Self.claimCount(db) == 0)
        }
    }

    @Test("two ledgers racing at the limit spend exactly the limit: 20 concurrent spends with 5 left spend 5", arguments: TestDatabase.allCases)
    func quotaAcrossInstances(_ database: TestDatabase) async throws {
        try await SearchQuotaTests.withDatabase(database) { db in
            let ledgers = (0..<2).map { _ in QuotaLedger(database: db, clock: TestClock(), policies: [QuotaPolicy(provider: .amadeus, limit: 25)]) }
            for _ in 0..<20 { _ = try await ledgers[0].spend(.amadeus, for: .userSearch(UserID(UUID()))).get() }
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<20 {
                    let ledger = ledgers[index % 2]
                    group.addTask { (try? await ledger.spend(.amadeus, for: .userSearch(UserID(UUID()))).get()) != nil }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 5)
            #expect(try await ledgers[1].report([.amadeus]).first?.used == 25)
        }
    }

    @Test("through the HTTP API: identical searches arriving at two instances at once make one Amadeus call and spend one unit")
    func oneCallThroughTheAPI() async throws {
        try await withFakeAmadeus { fake in
            // The one search that reaches Amadeus takes 2 s: the others arrive while it is on its way.
            fake.faults.value = [.hang]
            let clock = TestClock()
            try await withInstances(
                2,
                configure: { _, configuration in
                    configuration.apps = [FareLensApp.id]
                    for (key, value) in SearchAPITests.amadeusSettings(fake, quota: 100) { configuration.appOverrides[key] = value }
                }, dependencies: ServerDependencies(clock: clock)
            ) { clients, _ in
                var users: [String] = []
                for client in clients { users.append(try await client.signIn(app: "farelens").accessToken) }
                let path = SearchAPITests.path(clock: clock)
                let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                    for _ in 0..<10 {
                        for (client, token) in zip(clients, users) {
                            group.addTask {
                                let response = try await client.send(.get, path, token: token)
                                return (response.status.code, response.text)
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.count == 20 && answers.allSatisfy { $0.0 == 200 }, "\(answers.filter { $0.0 != 200 })")
                #expect(fake.searches.value.count == 1)
                let report = try await clients[1].send(.get, FareLensRoutes.quota.endpoint.path, token: users[1]).decode(FlightQuotaReport.self)
                #expect(report.providers.first?.used == 1)
            }
        }
    }

    @Test("the per-user search limit across instances: three instances on one PostgreSQL admit it once in total, then 429 with Retry-After; a minute later, again")
    func rateLimitAcrossInstances() async throws {
        let clock = TestClock()
        try await withInstances(
            3,
            configure: { _, configuration in
                configuration.apps = [FareLensApp.id]; configuration.appOverrides["FARELENS_SEARCHES_PER_MINUTE_PER_USER"] = "9"
            }, dependencies: .init(clock: clock)
        ) { clients, _ in
            let user = try await clients[0].signIn(app: "farelens")
            for round in 0..<2 {
                let outcome = try await spreadRequests(27, over: clients) { try await $0.send(.get, SearchAPITests.path(clock: clock), token: user.accessToken) }
                #expect(outcome.admitted == 9, "round \(round)")
                #expect((1...7).contains(outcome.retryAfter ?? 0), "one of 9 a minute is back within 7 s")
                clock.advance(by: 60)
            }
        }
    }
}
