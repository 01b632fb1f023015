import Foundation
import PlatformAPI

/// `GET /farelens/v1/me`: the caller's tier, trial and what they may do. A user FareLens has not
/// seen yet is on the free tier without a trial.
public struct FareLensAccount: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case userID = "user_id", tier, trialEndsAt = "trial_ends_at", entitlements }
    public var userID: UUID
    public var tier: FareLensTier
    /// When a Pro trial ends (the 14-day trial of docs/farelens.md, "Subscriptions", started by the subscription flow); nil without one.
    public var trialEndsAt: Date?
    public var entitlements: FareLensEntitlements
    /// What the app passes to StoreKit 2's `purchase(options: [.appAccountToken(_:)])`, so the
    /// App Store names the buyer in every transaction: the user id.
    public var appAccountToken: UUID { userID }

    public init(userID: UUID, tier: FareLensTier, trialEndsAt: Date?) {
        self.userID = userID
        self.tier = tier
        self.trialEndsAt = trialEndsAt
        self.entitlements = tier.entitlements
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID.uuidString.lowercased(), forKey: .userID)
        try container.encode(tier, forKey: .tier)
        try container.encode(trialEndsAt, forKey: .trialEndsAt)
        try container.encode(entitlements, forKey: .entitlements)
        var token = encoder.container(keyedBy: TokenKey.self)
        try token.encode(appAccountToken.uuidString.lowercased(), forKey: .appAccountToken)
    }

    /// Written, never read back: the token is the user id.
    enum TokenKey: String, CodingKey { case appAccountToken = "app_account_token" }
}
