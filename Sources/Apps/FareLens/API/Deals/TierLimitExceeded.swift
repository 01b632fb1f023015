import Foundation

/// The refusal of a change that needs a higher tier (403 `tier_limit`): the limit the caller's tier
/// has, named in the message.
public struct TierLimitExceeded: Error, Sendable, Equatable {
    /// The error envelope's code.
    public static let code = "tier_limit"
    public var tier: FareLensTier
    /// The most the tier allows.
    public var limit: Int
    public var message: String

    public init(tier: FareLensTier, limit: Int, message: String) {
        self.tier = tier
        self.limit = limit
        self.message = message
    }
}
