import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

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
