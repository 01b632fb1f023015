import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// Airport autocomplete, `?q=&limit=`: an exact IATA or metro code first (a metro code followed
    /// by its airports), then prefix matches of code, city or name (accents and case ignored),
    /// large airports first.
    public static let airports = Route<NoParameter, NoBody, [AirportSuggestion]>.Querying<AirportQuery>(.get, root, "/airports")

    /// The airport routes, part of ``all``.
    public static let airportRoutes: [RouteShape] = [airports.shape]
}
