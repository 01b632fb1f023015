import Foundation
import PlatformAPI

/// The answer of `GET /farelens/v2/shopping/flight-offers`: Amadeus Flight Offers Search's response
/// (v2: `data[]` of flight offers, `dictionaries`, `meta`), so a client that speaks Amadeus parses
/// it, with FareLens's additions (`deal_score`, `deal_tier` per offer; `source`, `cached_at`,
/// `stale`, `quota` in `meta`) as optional fields an Amadeus client ignores. Every provider's
/// answer is turned into this one shape.
public struct FlightOffersResponse: Codable, Sendable, Equatable {
    public var meta: FlightSearchMeta?
    public var data: [FlightOffer]
    public var dictionaries: FlightDictionaries?

    public init(meta: FlightSearchMeta? = nil, data: [FlightOffer], dictionaries: FlightDictionaries? = nil) {
        self.meta = meta
        self.data = data
        self.dictionaries = dictionaries
    }
}
