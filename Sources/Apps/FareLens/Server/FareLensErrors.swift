import FareLensAPI
import HTTPTypes
import PlatformCore

// FareLens's domain errors and their HTTP answers, in this one place (ErrorMiddleware renders them).
// Repositories and services throw these; only controllers build an `APIError` themselves.

extension SignedPayloadRefused: APIErrorConvertible {
    var apiError: APIError { .validation([FieldError(field: field, message: reason)]) }
}

extension SubscriptionTaken: APIErrorConvertible {
    var apiError: APIError { .conflict("This App Store subscription belongs to another account", code: "subscription_taken") }
}

extension AlertMuteNotFound: APIErrorConvertible {
    var apiError: APIError { .notFound(AlertMuteID.notFoundName, code: AlertMuteID.notFoundCode) }
}

extension SavedDealNotFound: APIErrorConvertible {
    var apiError: APIError { .notFound(DealID.notFoundName, code: DealID.notFoundCode) }
}

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

extension FlightSearchUnavailable: APIErrorConvertible {
    public var apiError: APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(max(1, retryAfter))
        return APIError(.serviceUnavailable, code: "live_prices_unavailable", message: FlightSearchRules.liveUnavailableNotice, headers: headers)
    }
}
