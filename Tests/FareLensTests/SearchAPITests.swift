import AppPlatform
import AppServer
import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import TestSupport
import Testing

/// `GET /farelens/v2/shopping/flight-offers` and `GET /farelens/v1/quota` through the HTTP API, on
/// both databases (PostgreSQL: a database of its own, as the cache and the quota are server-wide).
@Suite("FareLens flight search API", .timeLimit(.minutes(3)))
struct SearchAPITests {
    /// A FareLens-only server on `database` with `clock` and FareLens settings `overrides`.
    static func withSearchServer<T: Sendable>(
        _ database: TestDatabase, clock: TestClock, overrides: [String: String] = [:], logs: CapturedLogs? = nil,
        _ body: @Sendable @escaping (TestClient, ServerComponents) async throws -> T
    ) async throws -> T {
        @Sendable func run(_ url: String?) async throws -> T {
            try await withServer(
                database,
                configure: {
                    $0.apps = [FareLensApp.id]
                    if let url { $0.databaseURL = url }
                    for (key, value) in overrides { $0.appOverrides[key] = value }
                }, dependencies: ServerDependencies(clock: clock, logger: logs?.logger())
            ) { client, components in try await body(client, components) }
        }
        return database == .postgres ? try await withIsolatedPostgres { try await run($0) } : try await run(nil)
    }

    static func path(_ origin: String = "JFK", _ destination: String = "LHR", days: Int = 30, clock: TestClock, extra: String = "") -> String {
        let date = LocalDate(clock.now(), in: TimeZone(identifier: "UTC")!).adding(days: days)
        return FareLensRoutes.flightOffers.endpoint.path + "?origin=\(origin)&destination=\(destination)&departureDate=\(date)" + extra
    }

    static func amadeusSettings(_ fake: FakeAmadeus, quota: Int) -> [String: String] {
        [
            "FARELENS_AMADEUS_CLIENT_ID": FakeAmadeus.clientID, "FARELENS_AMADEUS_CLIENT_SECRET": FakeAmadeus.clientSecret, "FARELENS_AMADEUS_BASE_URL": fake.baseURL,
            "FARELENS_AMADEUS_MONTHLY_QUOTA": String(quota),
        ]
    }

    @Test("zero-config: offline offers, a cache hit within 5 minutes, a fresh search after; a metro code searches its busiest airport", arguments: TestDatabase.allCases)
    func offlineAndCache(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await Self.withSearchServer(database, clock: clock) { client, _ in
            let user = try await client.signIn(app: "farelens")
            let first = try await client.send(.get, Self.path(clock: clock), token: user.accessToken)
            #expect(first.status == .ok, "\(first.text)")
            let offers = try first.decode(FlightOffersResponse.self)
            #expect(offers.meta?.source == .offline && offers.meta?.stale == false && offers.meta?.quota == nil && !offers.data.isEmpty)
            #expect(offers.data.first?.itineraries.first?.segments.first?.departure.iataCode == "JFK")

            clock.advance(by: 299)
            let hit = try await client.send(.get, Self.path(days: 30, clock: clock), token: user.accessToken).decode(FlightOffersResponse.self)
            #expect(hit.meta?.source == .cache && hit.meta?.stale == false && hit.data == offers.data)
            #expect(hit.meta?.cachedAt == offers.meta?.cachedAt)
            clock.advance(by: 2)
            let miss = try await client.send(.get, Self.path(days: 30, clock: clock), token: user.accessToken).decode(FlightOffersResponse.self)
            #expect(miss.meta?.source == .offline)

            let metro = try await client.send(.get, Self.path("NYC", "LON", clock: clock), token: user.accessToken).decode(FlightOffersResponse.self)
            #expect(metro.data.first?.itineraries.first?.segments.first?.departure.iataCode == "JFK")
            #expect(metro.data.first?.itineraries.first?.segments.last?.arrival.iataCode == "LHR")

            let quota = try await client.send(.get, FareLensRoutes.quota.endpoint.path, token: user.accessToken)
            #expect(try quota.decode(FlightQuotaReport.self) == FlightQuotaReport(providers: [], live: false, notice: nil), "\(quota.text)")
            #expect(try await client.send(.get, Self.path(clock: clock)).status == .unauthorized)
        }
    }

    @Test("every invalid search is a 422 naming its fields", arguments: TestDatabase.allCases)
    func refusals(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await Self.withSearchServer(database, clock: clock) { client, _ in
            let user = try await client.signIn(app: "farelens")
            let base = FareLensRoutes.flightOffers.endpoint.path
            let utc = TimeZone(identifier: "UTC")!
            let soon = LocalDate(clock.now(), in: utc).adding(days: 10)
            // Past at every airport on Earth, and too far ahead everywhere.
            let past = LocalDate(clock.now(), in: utc).adding(days: -2)
            let far = LocalDate(clock.now(), in: utc).adding(days: 333)
            let cases: [(String, [String])] = [
                ("", ["origin", "destination", "departureDate"]),
                ("?origin=jfk&destination=LHR&departureDate=\(soon)", ["origin"]),
                ("?origin=JFKX&destination=L1R&departureDate=\(soon)", ["origin", "destination"]),
                ("?origin=QQQ&destination=LHR&departureDate=\(soon)", ["origin"]),
                ("?origin=JFK&destination=JFK&departureDate=\(soon)", ["destination"]),
                ("?origin=NYC&destination=EWR&departureDate=\(soon)", ["destination"]),
                ("?origin=JFK&destination=LHR&departureDate=\(past)", ["departureDate"]),
                ("?origin=JFK&destination=LHR&departureDate=\(far)", ["departureDate"]),
                ("?origin=JFK&destination=LHR&departureDate=2026-02-30", ["departureDate"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&returnDate=\(soon.adding(days: -1))", ["returnDate"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&returnDate=\(far)", ["returnDate"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&adults=1&infants=2", ["infants"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&adults=5&children=4&infants=1", ["adults"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&adults=0", ["adults"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&adults=10", ["adults"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&travelClass=COACH", ["travelClass"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&currencyCode=XYZ", ["currencyCode"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&max=0", ["max"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&max=251", ["max"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&nonStop=maybe", ["nonStop"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&colour=red", ["colour"]),
                // The query's own shape and the server's checks (the catalog, today, its currencies) in one 422.
                ("?origin=QQQ&destination=LHR&departureDate=\(past)&adults=0&currencyCode=XYZ", ["origin", "departureDate", "adults", "currencyCode"]),
                ("?origin=JFK&destination=ZZZ&departureDate=2026-02-30&nonStop=maybe", ["destination", "departureDate", "nonStop"]),
                ("?origin=JFK&destination=LHR&departureDate=\(soon)&adults=%2B5", ["adults"]),
            ]
            for (query, fields) in cases {
                let response = try await client.send(.get, base + query, token: user.accessToken)
                #expect(response.status == .unprocessableContent, "\(query): \(response.text)")
                #expect(Set(response.errorFields) == Set(fields), "\(query): \(response.text)")
            }
            let edge =
                "?origin=JFK&destination=LHR&departureDate=\(soon)&returnDate=\(soon)&adults=4&children=4&infants=1&max=250&nonStop=true&currencyCode=EUR&travelClass=BUSINESS"
            let ok = try await client.send(.get, base + edge, token: user.accessToken)
            #expect(ok.status == .ok, "\(ok.text)")
        }
    }

    @Test(
        "Amadeus within its quota; out of quota: the cached answer with stale and the banner, else 503 with Retry-After; the quota report follows", arguments: TestDatabase.allCases
    )
    func quotaExhaustion(_ database: TestDatabase) async throws {
        try await withFakeAmadeus { fake in
            let clock = TestClock()
            try await Self.withSearchServer(database, clock: clock, overrides: Self.amadeusSettings(fake, quota: 2)) { client, _ in
                let user = try await client.signIn(app: "farelens")
                let first = try await client.send(.get, Self.path(clock: clock), token: user.accessToken)
                #expect(first.status == .ok, "\(first.text)")
                let live = try first.decode(FlightOffersResponse.self)
                #expect(live.meta?.source == .amadeus && live.meta?.quota == FlightSearchQuota(provider: "amadeus", used: 1, limit: 2))
                #expect(live.data.first?.price.total == "1234.56" && live.dictionaries?.carriers?["BA"] == "BRITISH AIRWAYS")
                clock.advance(by: 301)
                let second = try await client.send(.get, Self.path(clock: clock), token: user.accessToken).decode(FlightOffersResponse.self)
                #expect(second.meta?.source == .amadeus && second.meta?.quota?.used == 2)
                #expect(fake.searches.value.count == 2)

                clock.advance(by: 301)
                let stale = try await client.send(.get, Self.path(clock: clock), token: user.accessToken)
                #expect(stale.status == .ok, "\(stale.text)")
                let staleOffers = try stale.decode(FlightOffersResponse.self)
                #expect(staleOffers.meta?.stale == true && staleOffers.meta?.source == .cache && staleOffers.data == second.data)
                #expect(staleOffers.meta?.notice == "Live prices unavailable, showing cached results")
                #expect(fake.searches.value.count == 2, "no call beyond the quota")

                let none = try await client.send(.get, Self.path("LAX", "SFO", clock: clock), token: user.accessToken)
                #expect(none.status == .serviceUnavailable, "\(none.text)")
                #expect(Int(none.headers[.retryAfter] ?? "") ?? 0 >= 1)
                #expect(none.text.contains("Live prices unavailable, showing cached results"))

                let report = try await client.send(.get, FareLensRoutes.quota.endpoint.path, token: user.accessToken)
                let quota = try report.decode(FlightQuotaReport.self)
                #expect(quota.live == false && quota.notice == FlightSearchRules.liveUnavailableNotice, "\(report.text)")
                let amadeus = try #require(quota.providers.first)
                #expect(amadeus.provider == "amadeus" && amadeus.used == 2 && amadeus.limit == 2 && amadeus.remaining == 0 && amadeus.state == .exhausted)
                #expect(amadeus.dayUsed == 2 && amadeus.resetsAt > clock.now())
            }
        }
    }

    @Test("a failing Amadeus falls back to Travelpayouts; both failing serve the stale answer", arguments: TestDatabase.allCases)
    func fallback(_ database: TestDatabase) async throws {
        try await withFakeAmadeus { amadeus in
            try await withFakeTravelpayouts { travelpayouts in
                let clock = TestClock()
                var settings = Self.amadeusSettings(amadeus, quota: 100)
                settings["FARELENS_TRAVELPAYOUTS_TOKEN"] = FakeTravelpayouts.token
                settings["FARELENS_TRAVELPAYOUTS_BASE_URL"] = travelpayouts.baseURL
                try await Self.withSearchServer(database, clock: clock, overrides: settings) { client, _ in
                    let user = try await client.signIn(app: "farelens")
                    amadeus.refuseEveryToken.value = true
                    let fallback = try await client.send(.get, Self.path(clock: clock), token: user.accessToken)
                    #expect(fallback.status == .ok, "\(fallback.text)")
                    let offers = try fallback.decode(FlightOffersResponse.self)
                    #expect(offers.meta?.source == .travelpayouts && offers.data.count == 2 && offers.data.first?.price.total == "612")
                    #expect(offers.meta?.quota == FlightSearchQuota(provider: "travelpayouts", used: 1, limit: 10_000))

                    clock.advance(by: 301)
                    travelpayouts.faults.value = [(500, "{}", [:]), (500, "{}", [:])]
                    let stale = try await client.send(.get, Self.path(clock: clock), token: user.accessToken).decode(FlightOffersResponse.self)
                    #expect(stale.meta?.stale == true && stale.meta?.notice == FlightSearchRules.liveUnavailableNotice && stale.data == offers.data)
                }
            }
        }
    }

    @Test("the 80 % warning is one log line and one metric a month", arguments: TestDatabase.allCases)
    func warning(_ database: TestDatabase) async throws {
        try await withFakeAmadeus { fake in
            let clock = TestClock()
            let logs = CapturedLogs()
            try await Self.withSearchServer(database, clock: clock, overrides: Self.amadeusSettings(fake, quota: 5), logs: logs) { client, components in
                let user = try await client.signIn(app: "farelens")
                let series = ["provider": "amadeus"]
                for (index, destination) in ["LHR", "CDG", "FRA", "AMS", "MAD"].enumerated() {
                    let response = try await client.send(.get, Self.path("JFK", destination, clock: clock), token: user.accessToken)
                    #expect(response.status == .ok, "\(response.text)")
                    #expect(components.metrics.counterValue("farelens_quota_warnings_total", labels: series) == (index >= 3 ? 1 : 0), "after \(index + 1)")
                    let warnings = logs.records.filter { $0.level == .warning && $0.message.contains("amadeus quota at") }
                    #expect(warnings.count == (index >= 3 ? 1 : 0), "after \(index + 1)")
                }
            }
        }
    }

    @Test("one user's searches are limited a minute (429 with Retry-After); another user's are not", arguments: TestDatabase.allCases)
    func rateLimit(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await Self.withSearchServer(database, clock: clock, overrides: ["FARELENS_SEARCHES_PER_MINUTE_PER_USER": "2"]) { client, _ in
            let user = try await client.signIn(app: "farelens")
            #expect(try await client.send(.get, Self.path(clock: clock), token: user.accessToken).status == .ok)
            #expect(try await client.send(.get, Self.path(clock: clock), token: user.accessToken).status == .ok)
            let limited = try await client.send(.get, Self.path(clock: clock), token: user.accessToken)
            #expect(limited.status == .tooManyRequests && Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1, "\(limited.text)")
            let other = try await client.signIn(app: "farelens")
            #expect(try await client.send(.get, Self.path(clock: clock), token: other.accessToken).status == .ok)
            clock.advance(by: 30)
            #expect(try await client.send(.get, Self.path(clock: clock), token: user.accessToken).status == .ok)
        }
    }
}
