import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// A route's price history for charts, `?from&to&currency&cabin&trip`: per departure date the
    /// lowest, median and highest fare observed and how many. The path's `{route}` is `LAX-JFK`
    /// (metro codes stand for their airports); a malformed or unknown one is a 422 naming `route`.
    public static let priceHistory = Route<Unchecked<RoutePair>, NoBody, PriceHistory>.Querying<PriceHistoryFilter>(.get, root, "/routes/{route}/price-history")

    /// The price routes, part of ``all``.
    public static let priceRoutes: [RouteShape] = [priceHistory.shape]
}
