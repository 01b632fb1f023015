import Foundation
import PlatformAPI

/// The parameters of `GET /v2/shopping/flight-offers`, their names as Amadeus spells them (a
/// client that speaks Amadeus sends them unchanged) and their bounds, shared by the server and the SDK.
public enum FlightSearchRules {
    /// The names the route takes.
    public static let parameters: Set<String> = [
        "origin", "destination", "departureDate", "returnDate", "adults", "children", "infants", "travelClass", "currencyCode", "max", "nonStop",
    ]
    /// The furthest departure (and return) searched, in days after the origin's local today.
    public static let maxDaysAhead = 330
    /// Travellers on one search (adults, children and infants together; infants on laps count).
    public static let maxTravellers = 9
    /// `max`: the most offers one search answers.
    public static let maxOffers = 250
    /// The banner text of a search answered from the cache because no live provider could answer
    /// (`meta.notice`, the quota report's `notice`; docs/farelens.md, "Flight search and quota").
    public static let liveUnavailableNotice = "Live prices unavailable, showing cached results"
}
