import Foundation

/// The tier's watchlist limit as the app shows it before the server refuses (docs/farelens.md,
/// "Tier limit": Free 2, Pro unlimited): paused watchlists do not count, as on the server.
public struct WatchlistLimit: Sendable, Equatable {
    public var tier: FareLensTier
    /// Nil: unlimited.
    public var max: Int?
    public var active: Int

    public init(tier: FareLensTier, watchlists: [Watchlist]) {
        self.tier = tier
        self.max = tier.entitlements.maxWatchlists
        self.active = watchlists.filter { !$0.paused }.count
    }

    /// Whether one more active watchlist (a new one, or a paused one resumed) fits the tier.
    public var canAdd: Bool { max.map { active < $0 } ?? true }

    /// "Free plan: 2 of 2 watchlists. Upgrade to Pro for unlimited watchlists." once the limit is
    /// reached; nil while there is room.
    public var message: String? {
        guard let max, !canAdd else { return nil }
        return "\(tier.rawValue.capitalized) plan: \(active) of \(max) watchlists. Upgrade to Pro for unlimited watchlists."
    }
}
