import Foundation
import PlatformAPI

/// The limits of a tier, as `GET /me` tells the app (docs/farelens.md, "API": Free 2 watchlists and 1 preferred
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
