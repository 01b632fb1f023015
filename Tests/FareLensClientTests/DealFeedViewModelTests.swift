import FareLensClient
import Foundation
import Testing

/// The seed's `MockDealService`: answers `deals` or throws `error`, and keeps the last filter.
final class MockDealService: DealServiceProtocol, @unchecked Sendable {
    // @unchecked Sendable: the fields are only touched while holding `lock`.
    private let lock = NSLock()
    private var _lastFilter: DealFilter?
    let deals: [Deal]
    let error: (any Error)?

    init(deals: [Deal] = [], error: (any Error)? = nil) {
        self.deals = deals
        self.error = error
    }

    var lastFilter: DealFilter? { lock.withLock { _lastFilter } }

    func fetchDeals(filter: DealFilter) async throws -> [Deal] {
        lock.withLock { _lastFilter = filter }
        if let error { throw error }
        return deals
    }
}

extension Deal {
    /// The seed's `FlightDeal.mock(id:price:)`: a deal priced `price` dollars.
    static func mock(_ n: Int = 1, price: Int = 299, score: Int = 85) -> Deal {
        var deal = Fixtures.deal(n, priceCents: price * 100)
        deal.priceCents = price * 100
        deal.dealScore = score
        deal.queueScore = Double(score)
        return deal
    }
}

@MainActor
@Suite("DealFeedViewModel Tests")
struct DealFeedViewModelTests {
    @Test("Load deals - success")
    func loadDealsSuccess() async throws {
        let mockService = MockDealService(deals: [.mock(1, price: 299), .mock(2, price: 399)])
        let analytics = RecordingAnalytics()
        let viewModel = DealFeedViewModel(dealService: mockService, analyticsService: analytics)

        await viewModel.loadDeals()

        #expect(viewModel.deals.count == 2)
        #expect(viewModel.isLoading == false)
        #expect(viewModel.error == nil)
        #expect(await analytics.events == [.dealsLoaded(count: 2, filter: "all")])
    }

    @Test("Load deals - network error")
    func loadDealsNetworkError() async throws {
        let mockService = MockDealService(error: NetworkError.offline)
        let analytics = RecordingAnalytics()
        let viewModel = DealFeedViewModel(dealService: mockService, analyticsService: analytics)

        await viewModel.loadDeals()

        #expect(viewModel.deals.isEmpty)
        #expect(viewModel.error == .networkError)
        #expect(await analytics.events == [.dealLoadFailed(error: "networkError")])
    }

    @Test("Apply filter")
    func applyFilter() async throws {
        let mockService = MockDealService(deals: [.mock()])
        let viewModel = DealFeedViewModel(dealService: mockService)
        let filter = DealFilter(maxPrice: 500, airlines: ["UA", "AA"])

        await viewModel.applyFilter(filter)

        #expect(viewModel.filter == filter)
        #expect(mockService.lastFilter == filter)  // Verify service called with filter
        #expect(filter.feedFilter.queryItems.map { "\($0.name)=\($0.value ?? "")" } == ["airlines=AA,UA", "max_price=50000"])
        #expect(filter.description == "airlines=AA,UA max_price=500")
    }

    @Test("Through DealService: launch, smart-queue order, cache, pull to refresh, the filter on the wire, offline banner")
    func feedThroughService() async throws {
        let clock = TestClock()
        let cheapWatched = Deal.mock(1, price: 150, score: 70)  // 70 × 1.2 = 84 with the LAX–JFK watchlist
        var best = Deal.mock(2, price: 400, score: 82)  // LAX–SFO: no watchlist
        best.destination = "SFO"
        let hidden = Deal.mock(3, price: 100, score: 55)  // under 60: never listed
        let transport = Fixtures.dealsServer([hidden, best, cheapWatched])
        let api = Fixtures.api(transport, clock: clock)
        let repository = DealRepository(api: api, cache: CacheManager(now: { clock.now }), store: MemoryLocalStore())
        let service = DealService(
            repository: repository, api: api, queue: SmartQueue(watchlists: [WatchlistCriteria(origin: "LAX", destination: "NYC")], preferredAirports: []))
        let analytics = RecordingAnalytics()
        let viewModel = DealFeedViewModel(dealService: service, analyticsService: analytics, now: { clock.now })

        await viewModel.onLaunch()
        #expect(viewModel.deals == [cheapWatched, best])
        #expect(await analytics.events == [.appLaunched, .dealsLoaded(count: 2, filter: "all")])
        #expect(transport.callCount == 1 && !viewModel.isStale && viewModel.staleBanner == nil)

        clock.advanceTime(by: 60)
        await viewModel.loadDeals()
        #expect(transport.callCount == 1)  // the cache, within 300 s
        await viewModel.refresh()
        #expect(transport.callCount == 2)  // pull to refresh asks the server

        await viewModel.applyFilter(DealFilter(origin: "lax", maxPrice: 500, airlines: ["ua"]))
        let query = try #require(transport.sent.last?.url.query)
        #expect(query.contains("origin=LAX") && query.contains("airlines=UA") && query.contains("max_price=50000"))

        // Offline past the cache's age: the archived feed, with the banner.
        await viewModel.applyFilter(.default)
        let fetchedAt = clock.now
        clock.advanceTime(by: 2 * 3600 + 5 * 60)
        transport.answer { _ in throw ClientError.offline("no network") }
        await viewModel.loadDeals()
        #expect(viewModel.error == nil && viewModel.deals == [cheapWatched, best])
        #expect(viewModel.isStale && viewModel.dataState.fetchedAt == fetchedAt)
        #expect(viewModel.staleBanner == "Offline — showing deals from 2 h 5 min ago")
    }

    @Test("Saving a deal posts it and reports dealSaved; a failed save shows saveFailed")
    func saveDeal() async throws {
        let clock = TestClock()
        let deal = Deal.mock(1)
        let transport = FakeTransport { request in
            request.method == "POST" ? Fixtures.json(SavedDeal(dealID: deal.id, savedAt: clock.now, deal: deal), status: 201) : Fixtures.error(500)
        }
        let api = Fixtures.api(transport, clock: clock)
        let service = DealService(repository: DealRepository(api: api, cache: CacheManager(now: { clock.now }), store: MemoryLocalStore()), api: api)
        let analytics = RecordingAnalytics()
        let viewModel = DealFeedViewModel(dealService: service, analyticsService: analytics)

        await viewModel.saveDeal(deal)
        #expect(viewModel.error == nil && viewModel.savedDealIDs == [deal.id])
        let body = try #require(transport.sent.last?.body)
        #expect(try WireFormat.decoder().decode(SaveDealRequest.Input.self, from: body).dealID == deal.id.description)
        #expect(transport.sent.last?.url.path.hasSuffix("/farelens/v1/saved-deals") == true)
        #expect(await analytics.events == [.dealSaved(dealId: deal.id.description)])

        transport.answer { _ in Fixtures.error(422) }
        await viewModel.saveDeal(Deal.mock(2))
        #expect(viewModel.error == .saveFailed)
        #expect(await analytics.events.count == 1)

        transport.answer { _ in HTTPResponseData(status: 204, headers: [:], body: Data()) }
        await viewModel.unsaveDeal(deal)
        #expect(viewModel.savedDealIDs.isEmpty)
        #expect(transport.sent.last?.method == "DELETE")
    }

    @Test("A failed refresh keeps the feed; a failed load under another filter never shows the old filter's deals")
    func failuresAndOldDeals() async throws {
        let clock = TestClock()
        let transport = Fixtures.dealsServer([.mock(1)])
        let api = Fixtures.api(transport, clock: clock)
        let service = DealService(repository: DealRepository(api: api, cache: CacheManager(now: { clock.now }), store: MemoryLocalStore()), api: api)
        let viewModel = DealFeedViewModel(dealService: service)
        await viewModel.loadDeals()
        #expect(viewModel.deals.count == 1)

        // A 422 is not a network failure: `.unknown`, the precise error kept in `failure`.
        transport.answer { _ in Fixtures.error(422) }
        await viewModel.refresh()
        #expect(viewModel.deals.count == 1 && viewModel.error == .unknown && viewModel.failure?.httpStatus == 422)
        await viewModel.applyFilter(DealFilter(origin: "SFO"))
        #expect(viewModel.deals.isEmpty && viewModel.error == .unknown && !viewModel.isLoading)
        // A 5xx is an outage: the offline copy answers, filtered first — nothing from LAX is SFO, so
        // an empty feed under the stale banner, not an error.
        transport.answer { _ in Fixtures.error(503) }
        await viewModel.refresh()
        #expect(viewModel.error == nil && viewModel.failure == nil && viewModel.deals.isEmpty && viewModel.isStale)
    }

    @Test("Offline, with the analytics server never answering, loading still ends at once", .timeLimit(.minutes(1)))
    func analyticsOffTheCriticalPath() async throws {
        let clock = TestClock()
        let feed = FakeTransport { _ in throw ClientError.offline("no network") }
        let api = Fixtures.api(feed, clock: clock)
        let service = DealService(repository: DealRepository(api: api, cache: CacheManager(now: { clock.now }), store: MemoryLocalStore()), api: api)
        let events = FakeTransport { _ in Fixtures.json(TelemetryReceipt(accepted: 1), status: 202) }
        events.hold()  // every events POST suspends until released
        let analytics = TelemetryAnalytics(api: Fixtures.api(events, clock: clock), store: MemoryLocalStore(), batchSize: 1)
        let viewModel = DealFeedViewModel(dealService: service, analyticsService: analytics)

        await viewModel.onLaunch()
        #expect(!viewModel.isLoading && viewModel.error == .networkError)
        await viewModel.loadDeals()
        #expect(!viewModel.isLoading && viewModel.error == .networkError)
        await events.waitForCalls(1)
        events.release()
        await analytics.idle()
    }

    @Test("Durations and expiry read as the screens write them")
    func durationText() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(DurationText.expiry(now + 3 * 3600 + 12 * 60 + 30, now: now) == "Expires in 3 h 12 min")
        #expect(DurationText.expiry(now, now: now) == "Expired")
        #expect(DurationText.expiry(now - 1, now: now) == "Expired")
        #expect(DurationText.expiry(now + 30, now: now) == "Expires in less than 1 min")
        #expect(DurationText.short(2 * 86_400 + 5 * 3600 + 7 * 60) == "2 d 5 h")
        #expect(DurationText.short(86_400 + 7 * 60) == "1 d")
        #expect(DurationText.short(45 * 60) == "45 min")
        #expect(DurationText.short(1e300) != "")
    }
}
