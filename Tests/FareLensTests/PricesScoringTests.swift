import AppServer
import FareLens
import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit
import TestSupport
import Testing

/// DealScore for observed fares (DealScoringService) and the search observer (PriceObserver), on
/// both databases, each test on a database of its own.
@Suite("FareLens deal scoring and price observer", .timeLimit(.minutes(3)))
struct PricesScoringTests {
    static let now = PricesAPITests.now
    static let today = PricesAPITests.today
    static let departure = today.adding(days: 30)

    /// Watchers of every route: a fixed number.
    struct FixedWatchers: RouteWatcherCounting {
        let count: Int
        func watcherCount(origin: String, destination: String) async throws -> Int { count }
    }

    /// Keeps what it is handed.
    actor RecordedDeals: DealRecording {
        var batches: [[DealCandidate]] = []
        func record(_ candidates: [DealCandidate]) async throws { batches.append(candidates) }
    }

    /// Counts the transactions run on the database it wraps.
    final class CountingDatabase: Database, @unchecked Sendable {
        let base: any Database
        let lock = NSLock()
        private var count = 0
        init(_ base: any Database) { self.base = base }
        var kind: DatabaseKind { base.kind }
        var transactions: Int { lock.withLock { count } }
        func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T { try await base.read(body) }
        func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
            lock.withLock { count += 1 }
            return try await base.transaction(body)
        }
        func close() async {}
    }

    static func withStores<T: Sendable>(
        _ database: TestDatabase, _ body: @escaping @Sendable (FareLensApp, any Database, TestClock) async throws -> T
    ) async throws -> T {
        let clock = TestClock(now)
        return try await withIsolatedServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) { _, server in
            try await body(try #require(server.app(FareLensApp.self)), server.database, clock)
        }
    }

    static func fare(_ cents: Int, observedAt: Date = now) -> PriceObservation {
        PricesAPITests.fare("LAX-JFK", departure, cents, observedAt: observedAt)
    }

    static func modelFare() throws -> Int {
        try OfflineFareProvider(airports: AirportCatalog.shipped).typicalFare(
            origin: "LAX", destination: "JFK", date: departure, cabin: .economy, currency: "USD", today: today)
    }

    @Test("the baseline is the offline model's fare until the route has 10 fares in the last 90 days, then the median of its history", arguments: TestDatabase.allCases)
    func baselineSwitches(_ database: TestDatabase) async throws {
        try await Self.withStores(database) { app, _, clock in
            let scoring = DealScoringService(history: app.priceHistory, searches: app.routeSearches, watchers: FixedWatchers(count: 0), clock: clock)
            let model = try Self.modelFare()
            let price = model
            let historyPrice = model * 2
            func expected(baseline: Int, history: [Int]) -> DealScore {
                DealScorer.score(
                    DealScoreInput(
                        price: Double(price), baseline: Double(baseline), history: history.map(Double.init), searches: 0, watchers: 0, daysToDeparture: 30,
                        airline: "DL"))
            }
            // Ten old fares (100 days ago) and nine recent ones: still the model.
            let old = (0..<10).map { _ in Self.fare(historyPrice, observedAt: Self.now.addingTimeInterval(-100 * 86_400)) }
            try await app.priceHistory.record(old + (0..<9).map { _ in Self.fare(historyPrice) })
            let thin = try await scoring.score([Self.fare(price)])
            #expect(thin == [expected(baseline: model, history: Array(repeating: historyPrice, count: 19))])
            #expect(thin[0].explanation.first?.detail == "not under this route's usual price")
            // The tenth recent fare: the route's own median.
            try await app.priceHistory.record([Self.fare(historyPrice)])
            let solid = try await scoring.score([Self.fare(price)])
            #expect(solid == [expected(baseline: historyPrice, history: Array(repeating: historyPrice, count: 20))])
            #expect(solid[0].score > thin[0].score && solid[0].explanation.first?.detail == "50 % under this route's usual price")
        }
    }

    static func offer(_ id: Int, cents: Int, lastTicketing: String? = nil) -> FlightOffer {
        let price = FlightPrice(currency: "USD", total: FlightMoney.text(minorUnits: cents * 2, currency: "USD"), base: nil, grandTotal: nil)
        let adult = FlightPrice(currency: "USD", total: FlightMoney.text(minorUnits: cents, currency: "USD"), base: nil, grandTotal: nil)
        let segment = FlightSegment(
            departure: FlightEndpoint(iataCode: "LAX", at: "\(departure.text)T08:00:00"), arrival: FlightEndpoint(iataCode: "JFK", at: "\(departure.text)T16:30:00"),
            carrierCode: "DL", number: "\(id)", aircraft: nil, duration: "PT5H30M", id: "1")
        return FlightOffer(
            id: "\(id)", source: "GDS", lastTicketingDate: lastTicketing, itineraries: [FlightItinerary(duration: "PT5H30M", segments: [segment])],
            price: price, validatingAirlineCodes: ["DL"],
            travelerPricings: [
                FlightTravelerPricing(travelerId: "1", travelerType: "ADULT", price: adult, fareDetailsBySegment: nil),
                FlightTravelerPricing(travelerId: "2", travelerType: "ADULT", price: adult, fareDetailsBySegment: nil),
            ])
    }

    static let query = FlightSearchQuery(origin: "LAX", destination: "JFK", departureDate: departure, adults: 2)

    @Test("the observer scores every offer, records each per adult, and hands on only good and exceptional ones with their expiry", arguments: TestDatabase.allCases)
    func observerScoresAndHandsOn(_ database: TestDatabase) async throws {
        try await Self.withStores(database) { app, _, clock in
            let deals = RecordedDeals()
            let observer = app.priceObserver(watchers: FixedWatchers(count: 100), deals: deals)
            try await app.priceHistory.record((0..<30).map { _ in Self.fare(40000) })
            let lastDay = Self.today.text
            let answer = FlightOffersResponse(
                meta: FlightSearchMeta(count: 3, source: .amadeus),
                data: [Self.offer(1, cents: 20000), Self.offer(2, cents: 50000), Self.offer(3, cents: 24000, lastTicketing: lastDay)])
            let scored = try await observer.observe(answer, for: Self.query, purpose: .userSearch(UserID()))
            #expect(scored.data.map(\.id) == ["1", "2", "3"] && scored.meta == answer.meta)
            let tiers = scored.data.map(\.dealTier)
            #expect(tiers[0] == "exceptional" && tiers[1] == "none" && tiers[2] != "none", "\(scored.data.map { ($0.dealScore, $0.dealTier) })")
            #expect(scored.data.allSatisfy { ($0.dealScore ?? -1) >= 0 && DealTier(score: $0.dealScore!).rawValue == $0.dealTier })

            let batches = await deals.batches
            #expect(batches.count == 1)
            let candidates = batches.first ?? []
            #expect(candidates.map(\.priceCents) == [20000, 24000] && candidates.allSatisfy { $0.origin == "LAX" && $0.destination == "JFK" && $0.airline == "DL" })
            #expect(candidates.map(\.score.score) == [scored.data[0].dealScore, scored.data[2].dealScore])
            #expect(candidates.first?.expiresAt == clock.now().addingTimeInterval(PriceObserver.dealLifetime))
            // Offer 3's last ticketing day ends at midnight UTC, later than 12:00 + 5 minutes.
            #expect(candidates.last?.expiresAt == clock.now().addingTimeInterval(PriceObserver.dealLifetime))
            #expect(candidates.first?.offer?.id == "1" && candidates.first?.provider == .amadeus)

            // Recorded per adult (the first ADULT's total), after scoring.
            let history = try await app.priceHistory.dailySummaries(
                origins: ["LAX"], destinations: ["JFK"], from: Self.departure, to: Self.departure, currency: "USD", cabin: .economy, trip: .oneWay)
            #expect(history == [DailyPriceSummary(date: Self.departure, minCents: 20000, medianCents: 40000, maxCents: 50000, count: 33)])

            // A candidate whose last ticketing day ends within the deal lifetime expires then.
            clock.advance(by: 12 * 3600 - 60)
            let late = try await observer.observe(
                FlightOffersResponse(meta: FlightSearchMeta(source: .amadeus), data: [Self.offer(4, cents: 20000, lastTicketing: lastDay)]), for: Self.query,
                purpose: .background)
            #expect(late.data.first?.dealTier != "none")
            #expect(await deals.batches.last?.first?.expiresAt == Self.today.adding(days: 1).instant(hour: 0, in: TimeZone(identifier: "UTC")!))

            // An answer from the cache is scored, not recorded again.
            _ = try await observer.observe(FlightOffersResponse(meta: FlightSearchMeta(source: .cache), data: [Self.offer(5, cents: 30000)]), for: Self.query, purpose: .background)
            let after = try await app.priceHistory.dailySummaries(
                origins: ["LAX"], destinations: ["JFK"], from: Self.departure, to: Self.departure, currency: "USD", cabin: .economy, trip: .oneWay)
            #expect(after.first?.count == 34)
        }
    }

    @Test("user searches count towards popularity (metro codes too); watchlist checks and background work do not; the window is 30 days", arguments: TestDatabase.allCases)
    func popularity(_ database: TestDatabase) async throws {
        try await Self.withStores(database) { app, _, clock in
            let observer = app.priceObserver(watchers: FixedWatchers(count: 0), deals: RecordedDeals())
            let answer = FlightOffersResponse(meta: FlightSearchMeta(source: .offline), data: [Self.offer(1, cents: 30000)])
            for purpose: FlightSearchPurpose in [.userSearch(UserID()), .userSearch(UserID()), .watchlist(tier: .pro), .background] {
                _ = try await observer.observe(answer, for: Self.query, purpose: purpose)
            }
            var metroQuery = Self.query
            metroQuery.origin = "LAX"
            metroQuery.destination = "NYC"
            _ = try await observer.observe(answer, for: metroQuery, purpose: .userSearch(UserID()))
            #expect(try await app.routeSearches.searches(origin: "LAX", destination: "JFK") == 3)
            #expect(try await app.routeSearches.searches(origin: "LAX", destination: "NYC") == 3)
            #expect(try await app.routeSearches.searches(origin: "LAX", destination: "EWR") == 1)
            #expect(try await app.routeSearches.searches(origin: "JFK", destination: "LAX") == 0)
            clock.advance(by: 29 * 86_400)
            #expect(try await app.routeSearches.searches(origin: "LAX", destination: "JFK") == 3)
            clock.advance(by: 86_400)
            #expect(try await app.routeSearches.searches(origin: "LAX", destination: "JFK") == 0)
        }
    }

    @Test("a provider's malformed offers (no price, odd airport codes) are scored but not recorded, and fail nothing", arguments: TestDatabase.allCases)
    func malformedOffers(_ database: TestDatabase) async throws {
        try await Self.withStores(database) { app, _, _ in
            let observer = app.priceObserver(watchers: FixedWatchers(count: 0), deals: RecordedDeals())
            var oddAirport = Self.offer(1, cents: 30000)
            oddAirport.itineraries[0].segments[0].departure.iataCode = "LA"
            var unpriced = Self.offer(2, cents: 30000)
            unpriced.price.total = "free"
            unpriced.travelerPricings = nil
            let answer = FlightOffersResponse(meta: FlightSearchMeta(source: .amadeus), data: [oddAirport, unpriced, Self.offer(3, cents: 30000)])
            let scored = try await observer.observe(answer, for: Self.query, purpose: .background)
            #expect(scored.data.allSatisfy { $0.dealScore != nil && $0.dealTier != nil })
            let days = try await app.priceHistory.dailySummaries(
                origins: ["LAX", "LA"], destinations: ["JFK"], from: Self.departure, to: Self.departure, currency: "USD", cabin: .economy, trip: .oneWay)
            #expect(days.map(\.count) == [1])
        }
    }

    @Test("a 250-offer answer is recorded in one transaction", arguments: TestDatabase.allCases)
    func largeAnswerInOneBatch(_ database: TestDatabase) async throws {
        try await Self.withStores(database) { app, database, clock in
            let counting = CountingDatabase(database)
            let history = PriceHistoryRepository(database: counting, clock: clock)
            let searches = RouteSearchCounter(database: counting, clock: clock)
            let scoring = DealScoringService(history: history, searches: searches, watchers: FixedWatchers(count: 0), clock: clock)
            let observer = PriceObserver(history: history, searches: searches, scoring: scoring, deals: RecordedDeals(), clock: clock)
            let offers = (0..<250).map { Self.offer($0, cents: 30000 + $0) }
            let scored = try await observer.observe(FlightOffersResponse(meta: FlightSearchMeta(source: .offline), data: offers), for: Self.query, purpose: .background)
            #expect(scored.data.count == 250 && scored.data.allSatisfy { $0.dealScore != nil })
            #expect(counting.transactions == 1)
            let days = try await app.priceHistory.dailySummaries(
                origins: ["LAX"], destinations: ["JFK"], from: Self.departure, to: Self.departure, currency: "USD", cabin: .economy, trip: .oneWay)
            #expect(days == [DailyPriceSummary(date: Self.departure, minCents: 30000, medianCents: 30125, maxCents: 30249, count: 250)])
        }
    }
}
