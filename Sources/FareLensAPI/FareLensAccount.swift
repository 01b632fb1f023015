import Foundation
import PlatformAPI

/// A FareLens subscription tier: what a user may do (watchlists, preferred airports) and where their
/// work stands in the provider quota's queue.
public enum FareLensTier: String, Codable, Sendable, CaseIterable {
    case free, pro

    /// What the tier allows.
    public var entitlements: FareLensEntitlements {
        switch self {
        case .free:
            FareLensEntitlements(maxWatchlists: 2, maxPreferredAirports: 1, watchlistChecksPerDay: 1, immediateAlertsPerDay: 3, quotaPriority: .freeWatchlist)
        case .pro:
            FareLensEntitlements(maxWatchlists: nil, maxPreferredAirports: 3, watchlistChecksPerDay: 2, immediateAlertsPerDay: 6, quotaPriority: .proWatchlist)
        }
    }
}

/// Who goes first when the provider quota is short (the seed's "Pro tier priority"): a user's own
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

/// The limits of a tier, as `GET /me` tells the app (the seed: Free 2 watchlists and 1 preferred
/// airport, Pro unlimited watchlists and 3 airports; immediate alerts Free 3 / Pro 6 a day;
/// watchlists checked at 09:00 for everyone and also 18:00 for Pro).
public struct FareLensEntitlements: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case maxWatchlists = "max_watchlists", maxPreferredAirports = "max_preferred_airports", watchlistChecksPerDay = "watchlist_checks_per_day"
        case immediateAlertsPerDay = "immediate_alerts_per_day", quotaPriority = "quota_priority"
    }
    /// Nil: unlimited.
    public var maxWatchlists: Int?
    public var maxPreferredAirports: Int
    public var watchlistChecksPerDay: Int
    public var immediateAlertsPerDay: Int
    /// Where the tier's watchlist checks stand in the quota's queue.
    public var quotaPriority: FareLensQuotaPriority

    public init(maxWatchlists: Int?, maxPreferredAirports: Int, watchlistChecksPerDay: Int, immediateAlertsPerDay: Int, quotaPriority: FareLensQuotaPriority) {
        self.maxWatchlists = maxWatchlists
        self.maxPreferredAirports = maxPreferredAirports
        self.watchlistChecksPerDay = watchlistChecksPerDay
        self.immediateAlertsPerDay = immediateAlertsPerDay
        self.quotaPriority = quotaPriority
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(maxWatchlists, forKey: .maxWatchlists)
        try container.encode(maxPreferredAirports, forKey: .maxPreferredAirports)
        try container.encode(watchlistChecksPerDay, forKey: .watchlistChecksPerDay)
        try container.encode(immediateAlertsPerDay, forKey: .immediateAlertsPerDay)
        try container.encode(quotaPriority, forKey: .quotaPriority)
    }
}

/// `GET /farelens/v1/me`: the caller's tier, trial and what they may do. A user FareLens has not
/// seen yet is on the free tier without a trial.
public struct FareLensAccount: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case userID = "user_id", tier, trialEndsAt = "trial_ends_at", entitlements }
    public var userID: UUID
    public var tier: FareLensTier
    /// When a Pro trial ends (the seed's 14-day trial, started by the subscription flow); nil without one.
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

/// The body of `POST /farelens/v1/dev/tier` (development servers only): the tier to be on.
public struct DevTierRequest: Codable, Sendable, Equatable {
    public var tier: String?

    public init(tier: String?) { self.tier = tier }

    /// `tier` one of ``FareLensTier``.
    public static func check(_ input: DevTierRequest) -> Checked<FareLensTier> {
        var v = Validator()
        let tier = v.requireEnum(input.tier, "tier", as: FareLensTier.self)
        return .from(v) { tier }
    }
}
