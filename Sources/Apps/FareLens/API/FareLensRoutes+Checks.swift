import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// The watchlist check (docs/farelens.md, "Watchlist checks"), `?ids=a,b`: per id the latest lowest fare, the one at the previous
    /// check, the change and the matching deals; a watchlist checked within the last 30 minutes is
    /// answered from that check.
    public static let watchlistCheck = Route<NoParameter, NoBody, FareLensList<WatchlistCheck>>.Querying<WatchlistCheckQuery>(.get, root, "/watchlist/check")

    /// The check routes, part of ``all``.
    public static let checkRoutes: [RouteShape] = [watchlistCheck.shape]
}
