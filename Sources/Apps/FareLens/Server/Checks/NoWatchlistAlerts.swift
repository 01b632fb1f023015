import FareLensAPI
import Foundation
import Logging
import Persistence
import PlatformAPI
import PlatformCore

/// The default ``WatchlistAlerting`` until the alerts part is wired: it delivers nothing (the
/// results are still kept as each watchlist's last check).
public struct NoWatchlistAlerts: WatchlistAlerting {
    public init() {}
    public func deliver(_ results: [WatchlistCheckResult], for user: UserID) async throws {}
}
