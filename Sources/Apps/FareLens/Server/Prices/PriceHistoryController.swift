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
        api.on(FareLensRoutes.priceHistory, checkingFurther: priceHistory)
    }

    @Sendable func priceHistory(
        _ request: Request, _ context: AuthenticatedContext, _ route: Unchecked<RoutePair>, _ reading: QueryReading<PriceHistoryFilter>
    ) async throws -> PriceHistory {
        let today = LocalDate(clock.now(), in: LocalDate.utcCalendar.timeZone)
        let query = try reading.checked { filter, v in
            PriceHistoryQuery.check(route: route.text, filter: filter, today: today, airports: { Set(airports.airports(for: $0).map(\.iata)) }, &v)
        }.get()
        let days = try await history.dailySummaries(
            origins: airports.airports(for: query.route.origin).map(\.iata), destinations: airports.airports(for: query.route.destination).map(\.iata),
            from: query.from, to: query.to, currency: query.currency, cabin: query.cabin, trip: query.trip)
        return PriceHistory(data: days, currency: query.currency)
    }
}

extension PriceHistory: ResponseEncodable {}

extension FareLensApp {
    /// The search observer over this app's price history and search counter, with other watcher
    /// counts and deal store than the app's (tests).
    public func priceObserver(watchers: any RouteWatcherCounting, deals: any DealRecording) -> PriceObserver {
        PriceObserver.make(history: priceHistory, searches: routeSearches, watchers: watchers, deals: deals, clock: clock)
    }
}

extension PriceObserver {
    /// The observer over a price history and search counter, scoring with their data and the
    /// watchlists' watcher counts, handing deals to `deals`.
    static func make(
        history: PriceHistoryRepository, searches: RouteSearchCounter, watchers: any RouteWatcherCounting, deals: any DealRecording, clock: any TimeSource
    ) -> PriceObserver {
        let scoring = DealScoringService(history: history, searches: searches, watchers: watchers, clock: clock)
        return PriceObserver(history: history, searches: searches, scoring: scoring, deals: deals, clock: clock)
    }
}
