import Foundation
import PlatformAPI

/// The marker type of ``WatchlistID``.
public enum WatchlistEntity {}

/// A watchlist's id: `{id}` of the watchlist routes.
public typealias WatchlistID = TypedID<WatchlistEntity>

extension WatchlistEntity: NamedEntity {
    public static var entityName: String { "Watchlist" }
    public static var notFoundCode: String { "watchlist_not_found" }
}
