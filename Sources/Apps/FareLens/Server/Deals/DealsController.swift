import AppPlatform
import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `GET /deals` (the caller's smart-queue feed) and `GET /deals/{id}` (a deal's detail).
public struct DealsController: Sendable {
    /// The price history window of the detail page.
    public static let historyDays = 90

    let deals: DealRepository
    let sources: DealSources
    let airports: AirportCatalog
    let paging: ListPaging
    let clock: any TimeSource

    public init(deals: DealRepository, sources: DealSources, airports: AirportCatalog = .shipped, cursorSecret: Data, clock: any TimeSource) {
        self.deals = deals
        self.sources = sources
        self.airports = airports
        self.paging = ListPaging(secret: cursorSecret, list: "farelens.deals")
        self.clock = clock
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.deals, checkingFurther: feed)
        api.on(FareLensRoutes.deal, use: detail)
    }

    @Sendable func feed(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ reading: QueryReading<DealFeedQuery>
    ) async throws -> EditedResponse<FareLensList<Deal>> {
        let wanted = try reading.checked { query, v in
            // A well-formed code is looked up even when another field is wrong, so every bad field is named at once.
            let unread = Set(v.errors.map(\.field))
            return FeedRequest(
                filter: query.filter, origins: unread.contains("origin") ? nil : resolve(query.filter.origin, "origin", &v),
                destinations: unread.contains("destination") ? nil : resolve(query.filter.destination, "destination", &v),
                page: paging.page(query.page, for: context.userID, &v))
        }.get()
        let (filter, origins, destinations, page) = (wanted.filter, wanted.origins, wanted.destinations, wanted.page)

        let candidates = try await deals.listed(origins: origins, destinations: destinations, filter: filter)
        let ranking = sources.ranking
        let queue = SmartQueue(
            watchlists: try await ranking.watchlistCriteria(for: context.userID), preferredAirports: try await ranking.preferredAirports(for: context.userID))
        let found = DealFeedPage(ranked: queue.feed(candidates), limit: page.limit, after: page.cursor)
        return paging.fareLensList(found.deals, next: found.next, for: context.userID)
    }

    @Sendable func detail(_ request: Request, _ context: AuthenticatedContext, _ id: DealID) async throws -> DealDetail {
        guard let stored = try await deals.find(id) else { throw Self.notFound }
        let ranking = sources.ranking
        let queue = SmartQueue(
            watchlists: try await ranking.watchlistCriteria(for: context.userID), preferredAirports: try await ranking.preferredAirports(for: context.userID))
        var deal = stored.deal
        deal.queueScore = queue.queueScore(deal)
        let since = clock.now().addingTimeInterval(-Double(Self.historyDays) * 86_400)
        return DealDetail(
            deal: deal, explanation: stored.explanation, fareOptions: try await deals.fareOptions(besides: deal),
            priceHistory: try await sources.prices.summary(
                origin: deal.origin, destination: deal.destination, cabin: deal.cabin, currency: deal.currency, roundTrip: deal.returnDate != nil, since: since))
    }

    /// The airports an airport or metro code stands for; nil for no filter, a 422 for an unknown code.
    func resolve(_ code: String?, _ field: String, _ v: inout Validator) -> [String]? {
        guard let code else { return nil }
        let found = airports.airports(for: code).map(\.iata)
        v.check(!found.isEmpty, field, "is not a known airport or metro code")
        return found
    }

    static var notFound: APIError { APIError.notFound(DealID.notFoundName, code: DealID.notFoundCode) }

    /// The feed a checked query asks for: its filters, the airports its codes stand for, the page.
    struct FeedRequest: Sendable {
        let filter: DealFeedFilter
        let origins: [String]?
        let destinations: [String]?
        let page: ListPaging.Query
    }
}

extension DealDetail: ResponseEncodable {}

extension SavedDeal: ResponseEncodable {}
