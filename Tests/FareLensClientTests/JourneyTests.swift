import AppServer
import AsyncHTTPTransport
import FareLens
import FareLensClient
import Foundation
import PlatformCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The "Done when" journey through the SDK's services and view models against the real
/// server on a socket: sign in → search → a deal → watch its route → the scheduled check at 09:00
/// → the alert in the history → the deal's book link with the watched route in its sub id → the
/// click recorded; then the network cut: the feed from the offline store, stale; watchlists readable.
@Suite("FareLens SDK journey", .serialized, .timeLimit(.minutes(5)))
struct JourneyTests {
    /// 2026-03-01 12:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_772_366_400)

    /// The real transport until the network is cut; then every request fails as offline.
    final class CuttableTransport: HTTPTransport, @unchecked Sendable {
        let inner = AsyncHTTPClientTransport()
        let cut = Locked(false)
        func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
            if cut.value { throw ClientError.offline("The Internet connection appears to be offline.") }
            return try await inner.send(request)
        }
        func stream(_ request: HTTPRequestData) async throws -> HTTPStreamingResponse {
            if cut.value { throw ClientError.offline("offline") }
            return try await inner.stream(request)
        }
        func send(_ request: HTTPRequestData, uploadProgress: @escaping @Sendable (Double) -> Void) async throws -> HTTPResponseData {
            try await send(request)
        }
    }

    /// The provider the scheduled check asks: one fare per search, DealScore 92.
    struct ExceptionalFares: FlightSearching {
        func search(_ query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
            let segment = FlightSegment(
                departure: FlightEndpoint(iataCode: query.origin, at: "\(query.departureDate.text)T10:00:00"),
                arrival: FlightEndpoint(iataCode: query.destination, at: "\(query.departureDate.text)T18:00:00"), carrierCode: "UA", number: "100",
                aircraft: nil, duration: "PT6H", id: "1")
            let offer = FlightOffer(
                id: "UA-15000", source: "GDS", itineraries: [FlightItinerary(duration: "PT6H", segments: [segment])],
                price: FlightPrice(currency: query.currencyCode, total: "150.00", base: nil, grandTotal: "150.00"), validatingAirlineCodes: ["UA"],
                dealScore: 92, dealTier: DealTier(score: 92).rawValue)
            return FlightOffersResponse(data: [offer])
        }
    }

    @Test(
        "sign in → search → deal → watch → 09:00 check → alert in history → book link sub_id → click; offline: cached deals stale, watchlists readable",
        arguments: TestDatabase.allCases)
    @MainActor
    func journey(_ database: TestDatabase) async throws {
        let clock = TestSupport.TestClock(Self.start)
        try await withIsolatedLiveServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) { baseURL, server in
            let app = try #require(server.app(FareLensApp.self))
            let transport = CuttableTransport()
            let now: @Sendable () -> Date = { clock.now() }
            let api = FareLensAPIClient(
                baseURL: baseURL, session: ClientSession(store: InMemoryTokenStore(), now: now), transport: transport, retry: .fareLens { _ in })
            let store = MemoryLocalStore()
            let cache = CacheManager(now: now)
            let deals = FareLensClient.DealRepository(api: api, cache: cache, store: store)
            let watchlistService = WatchlistService(api: api, repository: FareLensClient.WatchlistRepository(api: api, store: store, now: now))
            let watchlists = await WatchlistsViewModel(service: watchlistService, accounts: AccountService(api: api))

            // Sign in (development).
            _ = try await api.client.signInForDevelopment(email: "fl-journey-\(UUID().uuidString.prefix(8))@example.com")

            // Search: the offline fare model answers.
            let today = LocalDate(Self.start, in: TimeZone(identifier: "UTC")!)
            let search = FareLensClient.SearchRepository(api: api, store: store, now: now)
            let offers = try await search.search(SearchCriteria(origin: "LAX", destination: "JFK", departureDate: today.adding(days: 30)))
            #expect(!offers.data.isEmpty)

            // A listed deal on the route, found in the feed.
            let score = DealScore(score: 85, tier: .exceptional, percentile: 20, confidence: 1, explanation: [])
            try await app.deals.record([
                DealCandidate(
                    origin: "LAX", destination: "JFK", departureDate: today.adding(days: 30), airline: "UA", priceCents: 18_950, currency: "USD", provider: .offline,
                    score: score, expiresAt: Self.start.addingTimeInterval(3 * 86_400))
            ])
            let filter = DealFeedFilter(origin: "LAX", destination: "JFK", airlines: ["UA"])
            let deal = try #require(try await deals.getDeals(filter: filter).first { $0.priceCents == 18_950 })

            // Watch its route through the watchlist screen's editor.
            await watchlists.load()
            let (canAdd, limit) = await MainActor.run { (watchlists.canAddWatchlist, watchlists.limit.max) }
            #expect(canAdd && limit == 2)
            let editor = try #require(await watchlists.editor())
            await MainActor.run {
                editor.origin = deal.origin
                editor.destination = deal.destination
            }
            #expect(await editor.save())
            let watched = try #require(await editor.saved)
            #expect(await watchlists.watchlists.map(\.id) == [watched.id])

            // The scheduled check at 09:00 local (the user's zone is unset: UTC) the next morning.
            clock.advance(by: 21 * 3600)
            let nine = Date(timeIntervalSince1970: 1_772_442_000)  // 2026-03-02T09:00:00Z
            #expect(clock.now() == nine)
            let summary = try await ScheduledWatchlistChecks(app.checks.with(search: ExceptionalFares())).run(endingAt: nine)
            #expect(summary.users == 1 && summary.watchlists == 1)

            // The alert in GET /alerts/history, through the history screen.
            let history = await AlertHistoryViewModel(service: AlertService(api: api))
            await history.refresh()
            let alerts = await history.entries
            #expect(!alerts.isEmpty && alerts.allSatisfy { $0.watchlistID == watched.id && $0.origin == "LAX" && $0.dealScore == 92 }, "\(alerts)")

            // The deal's book link names the deal and the watched route in its sub_id; booking from
            // the detail screen records the click (in the background: awaited before counting).
            let detail = await DealDetailViewModel(dealID: deal.id, api: api, placement: .dealcard)
            await detail.load()
            let link = try #require(await detail.links.first)
            let raw = try #require(URLComponents(string: link.url)?.queryItems?.first { $0.name == "sub_id" }?.value)
            let subID = try #require(AffiliateSubID.parse(raw))
            #expect(raw.hasPrefix("ios-fl-") && subID.dealID.lowercased() == deal.id.description.lowercased() && subID.watchlist == "lax_jfk", "\(raw)")
            #expect(await detail.book(link)?.absoluteString == link.url)
            await detail.pendingClick?.value
            let recorded = try await server.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM farelens_affiliate_clicks WHERE sub_id = \(bind: raw)").first()?.decode(column: "n", as: Int.self)
            }
            #expect(recorded == 1)

            // The network cut: the feed from the offline store, marked stale; watchlists readable.
            transport.cut.value = true
            clock.advance(by: CacheKey.dealsMaxAge + 1)
            let offline = try await deals.getDeals(filter: filter)
            #expect(offline.contains { $0.id == deal.id })
            let state = await deals.state
            #expect(state.source == .offline && state.isStale && state.failure.map(AppError.init) == .networkError)
            await watchlists.load()
            let (stale, failure) = await MainActor.run { (watchlists.isStale, watchlists.error) }
            #expect(stale && failure == nil)
            #expect(await watchlists.watchlists.map(\.id) == [watched.id])
        }
    }
}
