import FareLensClient
import Foundation
import Testing

@MainActor
@Suite("DealDetailViewModel")
struct DealDetailViewModelTests {
    /// A server holding `deal`: its detail, price history, three booking links for the placement
    /// asked, and the click route (201).
    static func server(_ deal: Deal, clock: TestClock) -> FakeTransport { FakeTransport(answers(deal, clock: clock)) }

    static func answers(_ deal: Deal, clock: TestClock) -> @Sendable (HTTPRequestData) throws -> HTTPResponseData {
        { request in
            let path = request.url.path
            if path.hasSuffix("/price-history") {
                return Fixtures.json(
                    PriceHistory(
                        data: [
                            DailyPriceSummary(date: LocalDate(year: 2027, month: 3, day: 1), minCents: 19_900, medianCents: 25_000, maxCents: 40_000, count: 4),
                            DailyPriceSummary(date: LocalDate(year: 2027, month: 3, day: 2), minCents: 21_000, medianCents: 21_000, maxCents: 21_000, count: 1),
                        ], currency: "USD"))
            }
            if path.hasSuffix("/links") {
                let placement = AffiliatePlacement(rawValue: URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? "")!
                let subID = AffiliateSubID(dealID: deal.id.description, watchlist: "lax_jfk", placement: placement, variant: .variantA, tier: .free)
                let trip = BookingTrip(origin: deal.origin, destination: deal.destination, departureDate: deal.departureDate)
                let links = BookingLinkComposer().links(for: trip, airline: .init(code: "UA", name: "United"), subID: subID)
                return Fixtures.json(DealLinks(dealID: deal.id, placement: placement, variant: .variantA, links: links))
            }
            if path.hasSuffix("/clicks") {
                let body = try WireFormat.decoder().decode(AffiliateClickRequest.Input.self, from: request.body ?? Data())
                guard case .valid(let click) = AffiliateClickRequest.check(body) else { return Fixtures.error(422) }
                return Fixtures.json(
                    AffiliateClick(id: AffiliateClickID(), dealID: click.dealID, placement: click.placement, provider: click.provider, subID: body.subID!, clickedAt: clock.now),
                    status: 201)
            }
            if path.hasSuffix("/deals/\(deal.id)") {
                let options = [
                    FareOption(dealID: DealID(), cabin: .business, provider: .amadeus, airline: "AA", priceCents: 90_000, currency: "USD", dealScore: 70),
                    FareOption(dealID: DealID(), cabin: .economy, provider: .travelpayouts, airline: "DL", priceCents: 24_000, currency: "USD", dealScore: 75),
                ]
                return Fixtures.json(DealDetail(deal: deal, explanation: [], fareOptions: options, priceHistory: nil))
            }
            return Fixtures.error(404)
        }
    }

    @Test("Detail: chart points, fare ladder, every provider past two, expiry countdown on the clock")
    func detail() async throws {
        let clock = TestClock()
        var deal = Fixtures.deal(1)
        deal.expiresAt = clock.now + 3 * 3600 + 12 * 60 + 20
        let transport = Self.server(deal, clock: clock)
        let viewModel = DealDetailViewModel(dealID: deal.id, api: Fixtures.api(transport, clock: clock), now: { clock.now }, timeZone: TimeZone(identifier: "UTC")!)

        await viewModel.load()
        #expect(viewModel.error == nil && viewModel.deal == deal)
        #expect(
            viewModel.pricePoints == [
                PricePoint(date: LocalDate(year: 2027, month: 3, day: 1), priceCents: 19_900), PricePoint(date: LocalDate(year: 2027, month: 3, day: 2), priceCents: 21_000),
            ])
        #expect(viewModel.fareLadder.map(\.priceCents) == [24_000, 90_000])
        #expect(viewModel.links.map(\.provider) == ["airline", "aviasales", "wayaway"])
        #expect(viewModel.showsAllProviders && viewModel.inlineLinks.count == 2)
        let historyQuery = try #require(transport.sent.first { $0.url.path.hasSuffix("/routes/LAX-JFK/price-history") }?.url.query)
        #expect(historyQuery.contains("from=2027-01-15") && historyQuery.contains("cabin=ECONOMY") && historyQuery.contains("trip=one_way"))
        #expect(transport.sent.contains { $0.url.query == "placement=glasssheet" })

        #expect(viewModel.expiryText == "Expires in 3 h 12 min" && !viewModel.isExpired)
        clock.advanceTime(by: 3 * 3600)
        #expect(viewModel.expiryText == "Expires in 12 min")
        clock.advanceTime(by: 12 * 60 + 20)
        #expect(viewModel.expiryText == "Expired" && viewModel.isExpired)
    }

    @Test("The chart starts at the device's today, in its time zone")
    func chartStartsAtLocalToday() async throws {
        let clock = TestClock()  // 2027-01-15T08:00Z: still the 14th in Anchorage (UTC-9)
        let deal = Fixtures.deal(1)
        let transport = Self.server(deal, clock: clock)
        let viewModel = DealDetailViewModel(
            dealID: deal.id, api: Fixtures.api(transport, clock: clock), now: { clock.now }, timeZone: try #require(TimeZone(identifier: "America/Anchorage")))
        await viewModel.load()
        let historyQuery = try #require(transport.sent.first { $0.url.path.hasSuffix("/price-history") }?.url.query)
        #expect(historyQuery.contains("from=2027-01-14"), "\(historyQuery)")
    }

    @Test("book(link) records the click with the link's sub_id and reports affiliate_click")
    func book() async throws {
        let clock = TestClock()
        let deal = Fixtures.deal(1)
        let transport = Self.server(deal, clock: clock)
        let analytics = RecordingAnalytics()
        let viewModel = DealDetailViewModel(dealID: deal.id, api: Fixtures.api(transport, clock: clock), analyticsService: analytics, placement: .dealcard)
        await viewModel.load()
        let link = try #require(viewModel.links.first { $0.provider == "aviasales" })

        let opened = await viewModel.book(link)
        #expect(opened?.absoluteString == link.url)
        await viewModel.pendingClick?.value
        let click = try #require(transport.sent.last)
        #expect(click.method == "POST" && click.url.path.hasSuffix("/farelens/v1/clicks"))
        let body = try WireFormat.decoder().decode(AffiliateClickRequest.Input.self, from: click.body ?? Data())
        let subID = try #require(URLComponents(string: link.url)?.queryItems?.first { $0.name == "sub_id" }?.value)
        #expect(body == AffiliateClickRequest.Input(dealID: deal.id.description, placement: "dealcard", provider: "aviasales", subID: subID))
        #expect(AffiliateSubID.parse(subID)?.placement == .dealcard)
        #expect(await analytics.events == [.affiliateClick(dealId: deal.id.description, provider: "aviasales", placement: .dealcard)])

        // The click cannot be recorded: the user still books.
        transport.answer { _ in throw ClientError.offline("no network") }
        #expect(await viewModel.book(link) != nil)
        // A link that is not a web address is not opened.
        #expect(await viewModel.book(BookingLink(provider: "airline", label: "X", cta: "Book", url: "javascript:alert(1)")) == nil)
    }

    @Test("book(link) returns the URL while the click's POST is still on its way", .timeLimit(.minutes(1)))
    func bookDoesNotWaitForTheClick() async throws {
        let clock = TestClock()
        let deal = Fixtures.deal(1)
        let transport = Self.server(deal, clock: clock)
        let analytics = RecordingAnalytics()
        let viewModel = DealDetailViewModel(dealID: deal.id, api: Fixtures.api(transport, clock: clock), analyticsService: analytics, placement: .dealcard)
        await viewModel.load()
        let link = try #require(viewModel.links.first { $0.provider == "aviasales" })
        let before = transport.callCount
        transport.hold()
        let opened = await viewModel.book(link)  // would hang here if booking awaited the click
        #expect(opened?.absoluteString == link.url)
        await transport.waitForCalls(before + 1)
        transport.release()
        await viewModel.pendingClick?.value
        #expect(transport.sent.last?.url.path.hasSuffix("/farelens/v1/clicks") == true)
        #expect(await analytics.events.count == 1)
    }

    @Test("The deal still shows when its history and links fail; an unknown deal is an error")
    func partialFailures() async throws {
        let clock = TestClock()
        let deal = Fixtures.deal(1)
        let full = Self.answers(deal, clock: clock)
        let transport = FakeTransport { request in
            request.url.path.hasSuffix("/deals/\(deal.id)") ? try full(request) : Fixtures.error(500)
        }
        let viewModel = DealDetailViewModel(dealID: deal.id, api: Fixtures.api(transport, clock: clock))
        await viewModel.load()
        #expect(viewModel.deal == deal && viewModel.error == nil && viewModel.pricePoints.isEmpty && viewModel.links.isEmpty && !viewModel.showsAllProviders)

        let missing = DealDetailViewModel(dealID: DealID(), api: Fixtures.api(FakeTransport(full), clock: clock))
        await missing.load()
        #expect(missing.deal == nil && missing.error == .unknown && missing.expiryText == nil)  // a 404 is no network failure
    }
}
