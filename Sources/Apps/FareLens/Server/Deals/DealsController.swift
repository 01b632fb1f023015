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
        self.paging = ListPaging(secret: cursorSecret, list: "farelens.deals", defaultLimit: DealRules.defaultPage, maxLimit: DealRules.maxPage)
        self.clock = clock
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.deals, edited: feed)
        api.on(FareLensRoutes.deal, use: detail)
    }

    @Sendable func feed(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<FareLensList<Deal>> {
        let query = request.uri.queryParameters
        var v = Validator()
        let origin = query.get("origin").map { String($0) }
        let destination = query.get("destination").map { String($0) }
        let checked = DealFeedFilter.check(
            origin: origin, destination: destination, airlines: query.get("airlines").map { String($0) }, maxPrice: query.get("max_price").map { String($0) })
        let problems = checked.problems
        for problem in problems { v.fail(problem.field, problem.message) }
        let filter = checked.value ?? DealFeedFilter()
        // A well-formed code is looked up even when another field is wrong, so every bad field is named at once.
        let origins = problems.contains { $0.field == "origin" } ? nil : resolve(origin?.uppercased(), "origin", &v)
        let destinations = problems.contains { $0.field == "destination" } ? nil : resolve(destination?.uppercased(), "destination", &v)
        let page = paging.parse(query, for: context.userID, &v)
        try v.throwIfInvalid()

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
}

extension DealDetail: ResponseEncodable {}

extension SavedDeal: ResponseEncodable {}
