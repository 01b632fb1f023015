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
