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

    /// Records what the offline search hands its observer.
    final class CountingObserver: FlightSearchObserving, Sendable {
        let offers = LockedValue(0)
        func observe(_ response: FlightOffersResponse, for query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
            offers.withLock { $0 += response.data.count }
            return response
        }
    }

}

extension DealsAPITests {
    @Test("a refresh searches every popular route 2, 4, 6 and 8 weeks out; a new user's first feed lists what it found", arguments: TestDatabase.allCases)
    func refreshFillsTheFeed(_ database: TestDatabase) async throws {
        try await DealsAPITests.withDeals(database) { client, app, clock, _ in
            let search = DealRefresherTests.FakeSearch(deals: app.deals)
            let counts = await DealRefresher(search: search, clock: clock).refresh()
            #expect(counts.searches == 160 && counts.failures == 4)
            let dates = Set(search.seen.value.map { DealsAPITests.today.days(until: $0.departureDate) })
            #expect(dates == [14, 28, 42, 56])
            let token = try await client.signIn(app: "farelens").accessToken
            let page = try await client.send(.get, FareLensRoutes.deals.endpoint.path + "?limit=100", token: token).decode(DealPage.self)
            #expect(page.data.count == 39 && page.data.allSatisfy { $0.airline == "QF" && $0.dealTier == .good })
        }
    }
}

extension DealRefresherTests {

    @Test("the offline search answers every popular route from the shipped catalog and hands each answer to the observer")
    func offlineSearch() async throws {
        let observer = CountingObserver()
        let clock = TestClock(DealsAPITests.start)
        let counts = await DealRefresher(search: OfflineFlightSearch(observer: observer, clock: clock), clock: clock).refresh()
        #expect(counts.searches == 160 && counts.failures == 0 && counts.offers > 160)
        #expect(observer.offers.value == counts.offers)
    }
}
