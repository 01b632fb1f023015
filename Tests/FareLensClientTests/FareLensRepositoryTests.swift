import FareLensClient
import Foundation
import Testing

@Suite("FareLens repositories")
struct FareLensRepositoryTests {
    /// The seed's `DealRepositoryIntegrationTests.testFetchDeals_fullFlow`, on a fake transport and
    /// a test clock.
    @Test("Fetch deals - cache → network → offline flow")
    func fetchDealsFullFlow() async throws {
        let clock = TestClock()
        let mockAPIClient = Fixtures.dealsServer([Fixtures.deal(1), Fixtures.deal(2)])
        let cache = CacheManager(now: { clock.now })
        let repository = DealRepository(api: Fixtures.api(mockAPIClient, clock: clock), cache: cache, store: MemoryLocalStore())

        let firstFetch = try await repository.getDeals()
        #expect(mockAPIClient.callCount == 1)
        #expect(firstFetch.count == 2)

        clock.advanceTime(by: 299)
        let secondFetch = try await repository.getDeals()
        #expect(mockAPIClient.callCount == 1)  // Still 1
        #expect(secondFetch.count == 2)
        #expect(await repository.state.source == .memory)

        clock.advanceTime(by: 61)  // 360 s after the first fetch
        _ = try await repository.getDeals()
        #expect(mockAPIClient.callCount == 2)
        #expect(await repository.state == DataState(source: .network, fetchedAt: clock.now))
    }

    @Test("Offline, the 50 newest deals of the last 7 days are served, marked stale; older ones are purged")
    func offlineDeals() async throws {
        let clock = TestClock()
        let store = MemoryLocalStore()
        let cache = CacheManager(now: { clock.now })
        let transport = Fixtures.dealsServer([])
        let repository = DealRepository(api: Fixtures.api(transport, clock: clock), cache: cache, store: store)
        let old = (0..<10).map { Fixtures.deal($0) }
        transport.answer { _ in Fixtures.json(FareLensList(data: old)) }
        _ = try await repository.getDeals()
        clock.advanceTime(by: 6 * 86_400)
        let recent = (0..<45).map { Fixtures.deal($0) }
        transport.answer { _ in Fixtures.json(FareLensList(data: recent)) }
        _ = try await repository.getDeals()
        let savedAt = clock.now

        clock.advanceTime(by: 600)
        transport.answer { _ in throw ClientError.offline("no network") }
        let offline = try await repository.getDeals()
        #expect(offline.count == 50)
        #expect(Array(offline.prefix(45)) == recent)
        let state = await repository.state
        #expect(state.isStale && state.source == .offline && state.fetchedAt == savedAt)

        // Past 7 days the first batch is gone, from what is served and from the store.
        clock.advanceTime(by: 86_400)
        #expect(try await repository.getDeals() == recent)
        transport.answer { _ in Fixtures.json(FareLensList(data: [Fixtures.deal(99)])) }
        _ = try await repository.getDeals()
        let stored = try #require(try await store.load("deals"))
        #expect(!old.contains { stored.range(of: Data($0.id.description.utf8)) != nil })

        // A 422 is not an outage: it is thrown, not hidden behind the old feed.
        clock.advanceTime(by: 600)
        transport.answer { _ in Fixtures.error(422) }
        await #expect(throws: ClientError.self) { try await repository.getDeals() }
    }

    @Test("A memory hit answers with its own fetch's state: after an offline filtered feed, the cached full feed is fresh, no banner")
    @MainActor func memoryHitIsNotStale() async throws {
        let clock = TestClock()
        let deals = [Fixtures.deal(1, origin: "LAX"), Fixtures.deal(2, origin: "SFO")]
        let transport = Fixtures.dealsServer(deals)
        let api = Fixtures.api(transport, clock: clock)
        let repository = DealRepository(api: api, cache: CacheManager(now: { clock.now }), store: MemoryLocalStore())
        let viewModel = DealFeedViewModel(dealService: DealService(repository: repository, api: api), now: { clock.now })

        await viewModel.loadDeals()  // the full feed, from the network
        let fetchedAt = clock.now
        clock.advanceTime(by: 60)
        transport.answer { _ in throw ClientError.offline("no network") }
        await viewModel.applyFilter(DealFilter(origin: "SFO"))  // from the archive, stale
        #expect(viewModel.isStale && viewModel.deals.map(\.origin) == ["SFO"])

        transport.answer { _ in Fixtures.json(FareLensList(data: deals)) }
        clock.advanceTime(by: 60)
        let calls = transport.callCount
        await viewModel.applyFilter(.default)  // within 300 s: the memory cache
        #expect(transport.callCount == calls)
        #expect(viewModel.dataState == DataState(source: .memory, fetchedAt: fetchedAt))
        #expect(!viewModel.isStale && viewModel.staleBanner == nil)
    }

    @Test("Offline with a filter, the archive is filtered first, then the 50 newest; nothing matching is an empty stale feed")
    func offlineFilterFirst() async throws {
        let clock = TestClock()
        let transport = Fixtures.dealsServer([])
        let repository = DealRepository(api: Fixtures.api(transport, clock: clock), cache: CacheManager(now: { clock.now }), store: MemoryLocalStore())
        let boston = (0..<5).map { Fixtures.deal($0, origin: "BOS") }
        transport.answer { _ in Fixtures.json(FareLensList(data: boston)) }
        _ = try await repository.getDeals()
        clock.advanceTime(by: CacheKey.dealsMaxAge + 1)  // past the memory cache: the server is asked again
        let newer = (0..<60).map { Fixtures.deal($0) }  // LAX: 60 deals saved after Boston's
        transport.answer { _ in Fixtures.json(FareLensList(data: newer)) }
        #expect(try await repository.getDeals().count == 60 && transport.callCount == 2)

        clock.advanceTime(by: 600)
        transport.answer { _ in throw ClientError.offline("no network") }
        #expect(try await repository.getDeals(filter: DealFeedFilter(origin: "BOS")) == boston)
        #expect(await repository.state.isStale)
        #expect(try await repository.getDeals(filter: DealFeedFilter(origin: "ORD")).isEmpty)
        let state = await repository.state
        #expect(state.isStale && state.source == .offline)
    }

    @Test("The cache drops expired entries on every write and keeps at most its capacity, the oldest going first")
    func cacheEvicts() {
        let clock = TestClock()
        let cache = CacheManager(now: { clock.now }, capacity: 3)
        cache.set(key: "a", value: 1)
        clock.advanceTime(by: CacheKey.airportsMaxAge + 1)
        cache.set(key: "b", value: 2)
        #expect(cache.count == 1)  // "a" outlived every reader's max age
        clock.advanceTime(by: 1)
        cache.set(key: "c", value: 3)
        clock.advanceTime(by: 1)
        cache.set(key: "d", value: 4)
        clock.advanceTime(by: 1)
        cache.set(key: "e", value: 5)
        #expect(cache.count == 3)
        #expect((cache.get(key: "b", maxAge: 3600) as Int?) == nil && (cache.get(key: "e", maxAge: 3600) as Int?) == 5)
    }

    @Test("Airports are cached an hour per query")
    func airports() async throws {
        let clock = TestClock()
        let lax = AirportSuggestion(iata: "LAX", name: "Los Angeles International", city: "Los Angeles", country: "US")
        let transport = FakeTransport { _ in Fixtures.json([lax]) }
        let repository = AirportRepository(api: Fixtures.api(transport, clock: clock), cache: CacheManager(now: { clock.now }))
        #expect(try await repository.airports(matching: "los").map(\.label) == ["Los Angeles (LAX)"])
        clock.advanceTime(by: 3599)
        _ = try await repository.airports(matching: "LOS ")
        #expect(transport.callCount == 1)
        clock.advanceTime(by: 2)
        _ = try await repository.airports(matching: "los")
        #expect(transport.callCount == 2)
    }

    @Test("Search surfaces meta.stale and quota; history and saved searches are kept offline")
    func search() async throws {
        let clock = TestClock()
        let meta = FlightSearchMeta(
            count: 0, source: .cache, cachedAt: clock.now - 3600, stale: true, quota: FlightSearchQuota(provider: "amadeus", used: 2000, limit: 2000),
            notice: FlightSearchRules.liveUnavailableNotice)
        let transport = FakeTransport { _ in Fixtures.json(FlightOffersResponse(meta: meta, data: [])) }
        let store = MemoryLocalStore()
        let repository = SearchRepository(api: Fixtures.api(transport, clock: clock), store: store, now: { clock.now })
        let lax = SearchCriteria(origin: "lax", destination: "NYC", departureDate: LocalDate(year: 2027, month: 3, day: 1), adults: 2, cabin: .business)
        _ = try await repository.search(lax)
        let state = await repository.state
        #expect(state.isStale && state.notice == FlightSearchRules.liveUnavailableNotice && state.quota?.used == 2000)
        #expect(state.source == .network && state.fetchedAt == clock.now - 3600)
        #expect(transport.sent.last?.url.query?.contains("travelClass=BUSINESS") == true)

        // Offline: the search fails, but it is in the history, and saved searches read back.
        transport.answer { _ in throw ClientError.offline("no network") }
        let sfo = SearchCriteria(origin: "SFO", destination: "LHR", departureDate: LocalDate(year: 2027, month: 4, day: 2))
        await #expect(throws: ClientError.self) { try await repository.search(sfo) }
        _ = try? await repository.search(lax)
        #expect(try await repository.history() == [lax, sfo])
        try await repository.saveSearch(sfo, name: "London")
        let reopened = SearchRepository(api: Fixtures.api(transport, clock: clock), store: store)
        #expect(try await reopened.savedSearches().map(\.name) == ["London"])
        #expect(try await reopened.history() == [lax, sfo])

        for day in 1...(SearchRepository.historyLimit + 5) {
            _ = try? await repository.search(SearchCriteria(origin: "LAX", destination: "SEA", departureDate: LocalDate(year: 2027, month: 5, day: day)))
        }
        #expect(try await repository.history().count == SearchRepository.historyLimit)
    }

    @Test("Watchlists read offline are the last list fetched, marked stale")
    func watchlistsOffline() async throws {
        let clock = TestClock()
        let transport = FakeTransport { _ in throw ClientError.offline("no network") }
        let store = MemoryLocalStore()
        let repository = WatchlistRepository(api: Fixtures.api(transport, clock: clock), store: store, now: { clock.now })
        await #expect(throws: ClientError.offline("no network")) { try await repository.watchlists() }

        let listed = try WireFormat.decoder().decode(
            FareLensList<Watchlist>.self,
            from: Data(
                #"{"data":[{"id":"\#(UUID().uuidString.lowercased())","origin":"LAX","destination":"JFK","currency":"USD","alerts_enabled":true,"paused":false,"created_at":"2027-01-01T00:00:00Z","updated_at":"2027-01-01T00:00:00Z"}]}"#
                    .utf8))
        transport.answer { _ in Fixtures.json(listed) }
        let fetched = try await repository.watchlists()
        let fetchedAt = clock.now
        clock.advanceTime(by: 86_400)
        transport.answer { _ in throw ClientError.offline("no network") }
        #expect(try await repository.watchlists() == fetched)
        #expect(await repository.state == DataState(source: .offline, fetchedAt: fetchedAt, isStale: true, failure: .offline("no network")))
    }

    @Test("The file store keeps the offline deals across a restart, in the folder it was given")
    func fileStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("farelens-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock()
        let deals = [Fixtures.deal(1), Fixtures.deal(2)]
        let online = DealRepository(api: Fixtures.api(Fixtures.dealsServer(deals), clock: clock), cache: CacheManager(now: { clock.now }), store: FileLocalStore(folder: folder))
        _ = try await online.getDeals()
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("deals.json").path))

        let offline = FakeTransport { _ in throw ClientError.offline("no network") }
        let restarted = DealRepository(api: Fixtures.api(offline, clock: clock), cache: CacheManager(now: { clock.now }), store: FileLocalStore(folder: folder))
        #expect(try await restarted.getDeals() == deals)
        #expect(await restarted.state.isStale)
    }
}
