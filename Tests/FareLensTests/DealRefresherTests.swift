import AppServer
import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

/// The background refresh of popular routes, and a feed on a server that has only run it.
@Suite("FareLens deal refresher", .timeLimit(.minutes(3)))
struct DealRefresherTests {
    /// Stands for the search service: answers two offers and, as the service's observer would, records
    /// them as deals (one good, one not).
    struct FakeSearch: FlightSearching {
        let deals: DealRepository
        let seen: LockedValue<[FlightSearchQuery]> = LockedValue([])
        func search(_ query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
            #expect(purpose == .background)
            seen.withLock { $0.append(query) }
            if query.origin == "SYD" { throw OfflineFareError.unknownAirport("SYD") }
            try await deals.record([
                DealsAPITests.candidate(query.origin, query.destination, days: 14, price: 30_000, score: 75, airline: "QF"),
                DealsAPITests.candidate(query.origin, query.destination, days: 14, price: 90_000, score: 40, airline: "BA"),
            ])
            return FlightOffersResponse(data: [])
        }
    }

}

extension DealsAPITests {
    @Test("a refresh searches every popular route every week from 1 to 8 weeks out; a new user's first feed lists what it found", arguments: TestDatabase.allCases)
    func refreshFillsTheFeed(_ database: TestDatabase) async throws {
        try await DealsAPITests.withDeals(database) { client, app, clock, _ in
            let search = DealRefresherTests.FakeSearch(deals: app.deals)
            let counts = await DealRefresher(search: search, clock: clock).refresh()
            #expect(counts.searches == 320 && counts.failures == 8)
            let dates = Set(search.seen.value.map { DealsAPITests.today.days(until: $0.departureDate) })
            #expect(dates == [7, 14, 21, 28, 35, 42, 49, 56])
            let token = try await client.signIn(app: "farelens").accessToken
            let page = try await client.send(.get, FareLensRoutes.deals.endpoint.path + "?limit=100", token: token).decode(FareLensList<Deal>.self)
            #expect(page.data.count == 39 && page.data.allSatisfy { $0.airline == "QF" && $0.dealTier == .good })
        }
    }
}

extension DealRefresherTests {

    @Test(
        "zero-config: the refresh runs at the server's start through the offline search, and a new user's first feed lists good deals, ranked",
        arguments: TestDatabase.allCases)
    func feedAtStart(_ database: TestDatabase) async throws {
        let clock = TestClock(DealsAPITests.start)
        try await withIsolatedServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) { client, server in
            // What the scheduler does when the server starts: the start-up runs, then every due job.
            await server.scheduler.enqueueStartRuns()
            try await server.scheduler.drain()
            let token = try await client.signIn(app: "farelens").accessToken
            let page = try await client.send(.get, FareLensRoutes.deals.endpoint.path + "?limit=100", token: token).decode(FareLensList<Deal>.self)
            #expect(page.data.count == 100, "a full first page of deals")
            #expect(page.data.allSatisfy { $0.dealScore >= DealTier.goodThreshold && $0.dealTier != .none && $0.provider == .offline })
            #expect(Set(page.data.map { "\($0.origin)-\($0.destination)" }).count >= 10, "deals from many routes")
            let scores = page.data.compactMap(\.queueScore)
            #expect(scores == scores.sorted(by: >), "in smart-queue order")
            // The search cache holds the refresh's answers: a user's identical search is a cache hit.
            let departure = DealsAPITests.today.adding(days: 7).text
            let search = try await client.send(
                .get, "/farelens/v2/shopping/flight-offers?origin=JFK&destination=LAX&departureDate=\(departure)", token: token)
            #expect(search.status == .ok)
            #expect(try search.decode(FlightOffersResponse.self).meta?.source == .cache)
        }
    }
}
