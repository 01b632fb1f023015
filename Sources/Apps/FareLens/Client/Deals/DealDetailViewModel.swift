import Foundation
import Observation

/// The deal detail screen (docs/farelens.md, "SDK and CLI"): the deal (`GET /deals/{id}`), the route's price history as chart
/// points (`GET /routes/{route}/price-history`, the lowest fare per departure day over the next 90
/// days from the device's today), the fare ladder (the other fares, cheapest first), the booking links for its placement
/// (`GET /deals/{id}/links`; every provider in the glass sheet when there are more
/// than 2), ``book(_:)`` recording the click and `affiliate_click`, and the expiry countdown on
/// the injected clock. The chart and the links are extras: when they fail the deal still shows.
@MainActor
@Observable
public final class DealDetailViewModel {
    /// The links shown on the screen itself; past this many the rest go in the all-providers sheet.
    public static let inlineProviders = 2

    public let dealID: DealID
    public private(set) var detail: DealDetail?
    public private(set) var pricePoints: [PricePoint] = []
    public private(set) var links: [BookingLink] = []
    public private(set) var isLoading = false
    public private(set) var error: AppError?
    /// The click the last ``book(_:)`` is recording in the background (await its `value` to know
    /// it was sent); nil before any booking.
    public private(set) var pendingClick: Task<Void, Never>?

    let api: any RouteSending
    let analyticsService: any AnalyticsService
    let placement: AffiliatePlacement
    let now: @Sendable () -> Date
    /// The device's time zone: the chart starts at the user's today, not UTC's.
    let timeZone: TimeZone

    public init(
        dealID: DealID, api: any RouteSending, analyticsService: any AnalyticsService = RecordingAnalytics(), placement: AffiliatePlacement = .glasssheet,
        now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current
    ) {
        self.dealID = dealID
        self.api = api
        self.analyticsService = analyticsService
        self.placement = placement
        self.now = now
        self.timeZone = timeZone
    }

    public var deal: Deal? { detail?.deal }

    /// The other fares on the route and dates, cheapest first.
    public var fareLadder: [FareOption] { (detail?.fareOptions ?? []).sorted { $0.priceCents < $1.priceCents } }

    /// "All providers": the sheet is offered past two links (docs/farelens.md, "SDK and CLI").
    public var showsAllProviders: Bool { links.count > Self.inlineProviders }

    /// The links on the screen itself (all of them when there are two or fewer).
    public var inlineLinks: [BookingLink] { Array(links.prefix(Self.inlineProviders)) }

    /// "Expires in 3 h 12 min", or "Expired", at the clock's now.
    public var expiryText: String? { deal.map { DurationText.expiry($0.expiresAt, now: now()) } }

    public var isExpired: Bool { deal.map { $0.expiresAt <= now() } ?? false }

    /// Loads the deal, then its price history and links.
    public func load() async {
        isLoading = true
        error = nil
        defer { isLoading = false }
        do {
            let detail = try await api.send(FareLensRoutes.deal, dealID)
            self.detail = detail
            pricePoints = await priceHistory(of: detail.deal)
            links = await bookingLinks()
        } catch {
            self.error = AppError(error)
        }
    }

    /// Opens `link`: returns the URL to open at once, recording the click (`POST /clicks` with the
    /// link's `sub_id`) and reporting `affiliate_click` in the background (``pendingClick``). The
    /// click is recorded on a best-effort basis: neither its failure nor a slow server ever keeps
    /// the user from booking. Nil when the link is not an https URL.
    public func book(_ link: BookingLink) async -> URL? {
        guard let url = URL(string: link.url), url.scheme?.lowercased() == "https" else { return nil }
        let id = dealID.description
        let api = api
        let analyticsService = analyticsService
        let placement = placement
        let subID = Self.subID(of: link)
        pendingClick = Task {
            // The contract's rules first: a click the server would refuse (an untracked link: no sub_id) is not sent.
            let input = AffiliateClickRequest.Input(dealID: id, placement: placement.rawValue, provider: link.provider, subID: subID)
            if let click = AffiliateClickRequest.check(input).value {
                _ = try? await api.send(FareLensRoutes.recordClick, body: click)
            }
            await analyticsService.track(.affiliateClick(dealId: id, provider: link.provider, placement: placement))
        }
        return url
    }

    /// The `sub_id` of a tracked link's query.
    static func subID(of link: BookingLink) -> String? {
        link.subID
    }

    private func priceHistory(of deal: Deal) async -> [PricePoint] {
        let today = LocalDate(now(), in: timeZone)
        let query = PriceHistoryQuery(
            route: RoutePair(origin: deal.origin, destination: deal.destination), from: today, to: today.adding(days: PriceHistoryQuery.defaultSpanDays),
            currency: deal.currency, cabin: deal.cabin, trip: deal.returnDate == nil ? .oneWay : .roundTrip)
        guard let history = try? await api.send(FareLensRoutes.priceHistory, Unchecked(query.route), query: query.filter) else { return [] }
        return history.data.map { PricePoint(date: $0.date, priceCents: $0.minCents) }
    }

    private func bookingLinks() async -> [BookingLink] {
        (try? await api.send(FareLensRoutes.dealLinks, dealID, query: DealLinksQuery(placement: placement)))?.links ?? []
    }
}
