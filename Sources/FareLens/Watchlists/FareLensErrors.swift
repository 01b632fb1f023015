import FareLensAPI
import PlatformCore

/// FareLens's one answer to a change its tier does not allow (watchlists, preferred airports): 403
/// `tier_limit` with the message naming the limit.
extension TierLimitExceeded: APIErrorConvertible {
    public var apiError: APIError { APIError(.forbidden, code: Self.code, message: message) }
}

extension TierLimitExceeded {
    /// One more active watchlist than `tier` allows.
    static func watchlists(tier: FareLensTier, limit: Int) -> TierLimitExceeded {
        let name = tier.rawValue.capitalized
        return TierLimitExceeded(
            tier: tier, limit: limit,
            message: "\(name) accounts can keep \(limit) watchlist\(limit == 1 ? "" : "s"); delete or pause one, or upgrade to Pro for unlimited watchlists")
    }
}
