import FareLensAPI
import Hummingbird
import PlatformAPI
import PlatformCore

/// `GET /farelens/v1/routes/{route}/price-history`: a route's daily fares for charts. Metro codes
/// stand for their airports' observations; "today" is the clock's UTC day.
public struct PriceHistoryController: Sendable {
    let history: PriceHistoryRepository
    let airports: AirportCatalog
    let clock: any TimeSource

    public init(history: PriceHistoryRepository, airports: AirportCatalog = .shipped, clock: any TimeSource) {
        self.history = history
        self.airports = airports
        self.clock = clock
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.priceHistory, use: priceHistory)
    }

    @Sendable func priceHistory(_ request: Request, _ context: AuthenticatedContext, _ route: Unchecked<RoutePair>) async throws -> PriceHistory {
        let parameters = request.uri.queryParameters
        func text(_ name: String) -> String? { parameters.get(name).map { String($0) } }
        let query = try PriceHistoryQuery.check(
            route: route.text, from: text("from"), to: text("to"), currency: text("currency"), cabin: text("cabin"), trip: text("trip"),
            today: LocalDate(clock.now(), in: LocalDate.utcCalendar.timeZone), isKnown: { !airports.airports(for: $0).isEmpty }
        ).get()
        let days = try await history.dailySummaries(
            origins: airports.airports(for: query.route.origin).map(\.iata), destinations: airports.airports(for: query.route.destination).map(\.iata),
            from: query.from, to: query.to, currency: query.currency, cabin: query.cabin, trip: query.trip)
        return PriceHistory(data: days, currency: query.currency)
    }
}

extension PriceHistory: ResponseEncodable {}

extension FareLensApp {
    /// The search observer over this app's price history and search counter, with the watchlists'
    /// watcher counts and the deals' store (the other parts' seams), for the search part.
    public func priceObserver(watchers: any RouteWatcherCounting, deals: any DealRecording) -> PriceObserver {
        let scoring = DealScoringService(history: priceHistory, searches: routeSearches, watchers: watchers, clock: clock)
        return PriceObserver(history: priceHistory, searches: routeSearches, scoring: scoring, deals: deals, clock: clock)
    }
}
