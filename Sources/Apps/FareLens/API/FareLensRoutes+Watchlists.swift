import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// The caller's watchlists, newest first, a page at a time (`limit`, `cursor`).
    public static let watchlists = Route<NoParameter, NoBody, FareLensList<Watchlist>>.Querying<PageQuery<ListPages>>(.get, root, "/watchlists")
    /// Adds a watchlist; past the tier's limit of active ones it is a 403 `tier_limit`.
    public static let createWatchlist = Route<NoParameter, WatchlistInput, Watchlist>(.post, root, "/watchlists", status: 201)
    /// One of the caller's watchlists; anyone else's is a 404.
    public static let watchlist = Route<WatchlistID, NoBody, Watchlist>(.get, root, "/watchlists/{id}")
    /// Replaces one of the caller's watchlists (only the version If-Match names, when given).
    public static let updateWatchlist = Route<WatchlistID, WatchlistInput, Watchlist>(.put, root, "/watchlists/{id}")
    /// Deletes one of the caller's watchlists (only the version If-Match names, when given).
    public static let deleteWatchlist = Route<WatchlistID, NoBody, NoContent>(.delete, root, "/watchlists/{id}")
    /// The caller's preferred airports (what their tier uses of them).
    public static let preferences = Route<NoParameter, NoBody, FareLensPreferences>(.get, root, "/preferences")
    /// Replaces the caller's preferred airports; more than the tier allows is a 403 `tier_limit`.
    public static let updatePreferences = Route<NoParameter, PreferredAirportsInput, FareLensPreferences>(.put, root, "/preferences")

    /// The watchlist and preference routes, part of ``all``.
    public static let watchlistRoutes: [RouteShape] = [
        watchlists.shape, createWatchlist.shape, watchlist.shape, updateWatchlist.shape, deleteWatchlist.shape, preferences.shape, updatePreferences.shape,
    ]
}
