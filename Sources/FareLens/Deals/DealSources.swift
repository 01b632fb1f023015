import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// The route's observed prices over a window, for a deal's detail page (the prices part's
/// repository, adapted when FareLens is wired; tests give a fake).
public protocol RoutePriceSummarizing: Sendable {
    /// Min, median and max of the fares observed on the route in `cabin` and `currency`, one-way or
    /// round trips, since `since`; nil when none.
    func summary(origin: String, destination: String, cabin: FlightCabin, currency: String, roundTrip: Bool, since: Date) async throws -> RoutePriceSummary?
}

/// What the deals part takes from the other parts (the user's watchlists and preferred airports for
/// the ranking, the route's price history for the detail page), held where it can be swapped after the
/// app is built: the main engineer puts the watchlists' and prices' repositories in when wiring, tests
/// put fakes in. Until then a user has no ranking inputs and routes no history.
public final class DealSources: Sendable {
    private let state: LockedValue<(ranking: any DealRankingInputs, prices: any RoutePriceSummarizing)>

    public init(ranking: any DealRankingInputs = NoDealRankingInputs(), prices: any RoutePriceSummarizing = NoRoutePriceHistory()) {
        state = LockedValue((ranking, prices))
    }

    public var ranking: any DealRankingInputs { state.withLock { $0.ranking } }
    public var prices: any RoutePriceSummarizing { state.withLock { $0.prices } }

    /// Replaces the ranking inputs.
    public func use(ranking: any DealRankingInputs) { state.withLock { $0.ranking = ranking } }
    /// Replaces the price history.
    public func use(prices: any RoutePriceSummarizing) { state.withLock { $0.prices = prices } }
}

/// No watchlists and no preferred airports: every deal ranks by its DealScore alone.
public struct NoDealRankingInputs: DealRankingInputs {
    public init() {}
    public func watchlistCriteria(for user: UserID) async throws -> [WatchlistCriteria] { [] }
    public func preferredAirports(for user: UserID) async throws -> [PreferredAirport] { [] }
}

/// No price history (the detail page's `price_history` is null).
public struct NoRoutePriceHistory: RoutePriceSummarizing {
    public init() {}
    public func summary(origin: String, destination: String, cabin: FlightCabin, currency: String, roundTrip: Bool, since: Date) async throws -> RoutePriceSummary? {
        nil
    }
}
