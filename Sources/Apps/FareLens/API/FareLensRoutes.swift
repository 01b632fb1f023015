import Foundation
import PlatformAPI

extension AppID {
    /// FareLens: its path prefix `/farelens`, token audience and the `app` column of its platform rows.
    public static let farelens = AppID("farelens")
}

/// Every FareLens route, spelled once: method, path under its root, typed path parameter, body,
/// response and success status. The server registers its handlers through these, the SDK sends
/// through them and the route-table test checks the server and the OpenAPI document against
/// ``all``. Sign-in and account routes are the platform's (``platform``). The documented
/// Amadeus-shaped path (`/v2/shopping/flight-offers`) sits under `/farelens` exactly, the rest under `/farelens/v1`.
public enum FareLensRoutes {
    /// `/farelens/v1`, behind the bearer token.
    public static let root = APIRoot.api(.farelens, "/v1")
    /// Auth and account routes under FareLens's root.
    public static let platform = PlatformRoutes(root: root)

    /// The caller's tier, trial and entitlements.
    public static let me = Route<NoParameter, NoBody, FareLensAccount>(.get, root, "/me")
    /// Development servers only (a 404 elsewhere): puts the caller on a tier, to try what it allows.
    public static let setDevTier = Route<NoParameter, DevTierRequest, FareLensAccount>(.post, root, "/dev/tier")

    /// Every FareLens route, for the route-table check.
    public static let all: [RouteShape] =
        accountRoutes + airportRoutes + searchRoutes + priceRoutes + watchlistRoutes + dealRoutes + pointsRoutes + affiliateRoutes + subscriptionRoutes
        + checkRoutes + alertRoutes
    /// The account and tier routes.
    public static let accountRoutes: [RouteShape] = [me.shape, setDevTier.shape]

    /// The page sizes of FareLens's lists of the caller's things: alerts, points programs and
    /// watchlists (50, at most 100).
    public enum ListPages: PageSize {
        public static let defaultLimit = FareLensRules.defaultListLimit
        public static let maxLimit = FareLensRules.maxListLimit
    }

    /// The page sizes of deal lists: the feed and saved deals (20, at most 100).
    public enum DealPages: PageSize {
        public static let defaultLimit = DealRules.defaultPage
        public static let maxLimit = DealRules.maxPage
    }
}
