import Foundation
import PlatformAPI

/// Who goes first when the provider quota is short (docs/farelens.md, "Flight search and quota"): a user's own
/// search, then Pro watchlists, then Free watchlists, then background refreshes.
public enum FareLensQuotaPriority: String, Codable, Sendable, CaseIterable, Comparable {
    case userSearch = "user_search"
    case proWatchlist = "pro_watchlist"
    case freeWatchlist = "free_watchlist"
    case background

    /// Lower goes first.
    public var rank: Int { Self.allCases.firstIndex(of: self)! }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
