import FareLensClient
import Foundation
import Testing

@MainActor
@Suite("FlightSearchViewModel")
struct SearchViewModelTests {
    nonisolated static let lax = AirportSuggestion(iata: "LAX", name: "Los Angeles International", city: "Los Angeles", country: "US")
    nonisolated static let jfk = AirportSuggestion(iata: "JFK", name: "John F. Kennedy International", city: "New York", country: "US")

    /// A server answering airports for "lo…" and "new…", and searches with `offers` (its `meta` given).
    nonisolated static func server(meta: FlightSearchMeta? = nil) -> FakeTransport {
        FakeTransport { request in
            if request.url.path.hasSuffix("/airports") {
                let q = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "q" }?.value ?? ""
                return Fixtures.json(q.hasPrefix("lo") ? [lax] : q.hasPrefix("new") ? [jfk] : [])
            }
            return Fixtures.json(FlightOffersResponse(meta: meta, data: []))
        }
    }

    static func viewModel(_ transport: FakeTransport, clock: TestClock = TestClock()) -> FlightSearchViewModel {
        let api = Fixtures.api(transport, clock: clock)
        return FlightSearchViewModel(
            airports: AirportRepository(api: api, cache: CacheManager(now: { clock.now })), searches: SearchRepository(api: api, store: MemoryLocalStore(), now: { clock.now }))
    }

    @Test("Autocomplete labels, missing fields named before any request, the seed's empty state")
    func searchFlowNoResults() async throws {
        let transport = Self.server()
        let viewModel = Self.viewModel(transport)

        await viewModel.typeOrigin("L")
        #expect(viewModel.originSuggestions.isEmpty && transport.callCount == 0)
        await viewModel.typeOrigin("Lo")
        #expect(viewModel.originSuggestions.map(\.label) == ["Los Angeles (LAX)"])
        viewModel.selectOrigin(viewModel.originSuggestions[0])
        #expect(viewModel.originText == "Los Angeles (LAX)" && viewModel.originSuggestions.isEmpty)
        await viewModel.typeDestination("New York")
        viewModel.selectDestination(try #require(viewModel.destinationSuggestions.first))
        #expect(viewModel.destinationText == "New York (JFK)")

        await viewModel.search()
        #expect(viewModel.errors.fields.keys.sorted() == ["departureDate"])
        #expect(transport.callCount == 2 && viewModel.emptyState == nil)

        viewModel.departureDate = LocalDate(year: 2027, month: 12, day: 15)
        viewModel.adults = 2
        viewModel.cabin = .business
        await viewModel.search()
        #expect(viewModel.errors.isEmpty && viewModel.results.isEmpty && viewModel.error == nil)
        #expect(viewModel.emptyState == SearchEmptyState.noFlights)
        #expect(viewModel.emptyState?.title == "No flights found" && viewModel.emptyState?.action == "Try different dates")
        let query = try #require(transport.sent.last?.url.query)
        #expect(
            query.contains("origin=LAX") && query.contains("destination=JFK") && query.contains("departureDate=2027-12-15") && query.contains("adults=2")
                && query.contains("travelClass=BUSINESS"))
        #expect(viewModel.notice == nil)

        // Typing again forgets the picked airport.
        await viewModel.typeOrigin("Lon")
        #expect(viewModel.origin == nil)
        await viewModel.search()
        #expect(viewModel.errors["origin"] != nil)
    }

    @Test("The server's 422 shows per field; a stale answer and a spent quota show the notice")
    func fieldErrorsAndNotice() async throws {
        let meta = FlightSearchMeta(
            count: 0, source: .cache, cachedAt: Date(timeIntervalSince1970: 1_799_990_000), stale: true,
            quota: FlightSearchQuota(provider: "amadeus", used: 2000, limit: 2000), notice: nil)
        let transport = Self.server(meta: meta)
        let viewModel = Self.viewModel(transport)
        await viewModel.typeOrigin("lo")
        viewModel.selectOrigin(Self.lax)
        viewModel.selectDestination(Self.jfk)
        viewModel.departureDate = LocalDate(year: 2027, month: 3, day: 1)
        await viewModel.search()
        #expect(viewModel.notice == FlightSearchRules.liveUnavailableNotice && viewModel.quota?.used == 2000)

        let envelope = ErrorEnvelope(
            error: .init(
                code: "validation_failed", message: "Invalid search",
                fields: [FieldError(field: "departureDate", message: "must be within 330 days"), FieldError(field: "adults", message: "must be 1–9")]))
        transport.answer { _ in Fixtures.json(envelope, status: 422) }
        await viewModel.search()
        #expect(viewModel.errors.fields == ["departureDate": "must be within 330 days", "adults": "must be 1–9"])
        #expect(viewModel.error == nil && viewModel.emptyState == nil)

        transport.answer { _ in throw ClientError.offline("no network") }
        await viewModel.search()
        #expect(viewModel.error == .networkError && viewModel.emptyState == nil)
    }

    @Test("Overlapping searches: the last one started wins; the earlier answer arriving later changes nothing")
    func lastSearchWins() async throws {
        let inner = FakeTransport { request in
            let notice = (request.url.query ?? "").contains("adults=1") ? "first" : "second"
            return Fixtures.json(FlightOffersResponse(meta: FlightSearchMeta(notice: notice), data: []))
        }
        let gated = GatedTransport(inner, holdingQueryContaining: "adults=1")
        let clock = TestClock()
        let api = Fixtures.api(gated, clock: clock)
        let viewModel = FlightSearchViewModel(
            airports: AirportRepository(api: api, cache: CacheManager(now: { clock.now })), searches: SearchRepository(api: api, store: MemoryLocalStore(), now: { clock.now }))
        viewModel.selectOrigin(Self.lax)
        viewModel.selectDestination(Self.jfk)
        viewModel.departureDate = LocalDate(year: 2027, month: 3, day: 1)

        let first = Task { await viewModel.search() }
        await inner.waitForCalls(1)
        viewModel.adults = 2
        await viewModel.search()
        #expect(viewModel.notice == "second" && !viewModel.isSearching)
        gated.open()
        await first.value
        #expect(viewModel.notice == "second" && !viewModel.isSearching)
    }

    @Test("The quota notice appears at 90 % of the provider's limit on a live answer")
    func quotaNotice() async throws {
        for (used, notice) in [(1799, nil), (1800, "Live searches almost used up: 1800 of 2000")] {
            let meta = FlightSearchMeta(count: 0, source: .amadeus, quota: FlightSearchQuota(provider: "amadeus", used: used, limit: 2000))
            let viewModel = Self.viewModel(Self.server(meta: meta))
            viewModel.selectOrigin(Self.lax)
            viewModel.selectDestination(Self.jfk)
            viewModel.departureDate = LocalDate(year: 2027, month: 3, day: 1)
            await viewModel.search()
            #expect(viewModel.notice == notice)
        }
    }
}

/// A transport that holds the answer to the first request whose query contains a marker until
/// ``open()`` (the server has answered; the client has not heard yet), passing every other request
/// straight through: makes an earlier request's answer arrive after a later one's.
final class GatedTransport: HTTPTransport, @unchecked Sendable {
    let inner: FakeTransport
    let marker: String
    // @unchecked Sendable: the fields below are only touched while holding `lock`.
    private let lock = NSLock()
    private var gate: CheckedContinuation<Void, Never>?
    private var opened = false
    private var heldOne = false

    init(_ inner: FakeTransport, holdingQueryContaining marker: String) {
        self.inner = inner
        self.marker = marker
    }

    func open() {
        let waiting = lock.withLock {
            opened = true
            defer { gate = nil }
            return gate
        }
        waiting?.resume()
    }

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        let response = try await inner.send(request)
        let holds = lock.withLock {
            guard !heldOne, request.url.query?.contains(marker) == true else { return false }
            heldOne = true
            return true
        }
        guard holds else { return response }
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let goNow = lock.withLock {
                if opened { return true }
                gate = waiter
                return false
            }
            if goNow { waiter.resume() }
        }
        return response
    }
}
