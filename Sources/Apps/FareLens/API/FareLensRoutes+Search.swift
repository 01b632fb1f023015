import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// `/farelens/v2`, behind the bearer token: the Amadeus-shaped search path (docs/farelens.md, "Flight search and quota").
    public static let v2 = APIRoot.api(.farelens, "/v2")

    /// Flight search (Amadeus Flight Offers Search's parameters and answer): from the cache, else
    /// a live provider within its quota, else the offline model when no live one is configured,
    /// else the newest cached answer marked stale, else 503.
    public static let flightOffers = Route<NoParameter, NoBody, FlightOffersResponse>.Querying<FlightOffersQuery>(.get, v2, "/shopping/flight-offers")
    /// The live providers' monthly quotas, for the client's banner.
    public static let quota = Route<NoParameter, NoBody, FlightQuotaReport>(.get, root, "/quota")

    /// The search routes, part of ``all``.
    public static let searchRoutes: [RouteShape] = [flightOffers.shape, quota.shape]
}
