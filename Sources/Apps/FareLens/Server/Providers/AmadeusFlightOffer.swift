import Foundation

/// The few fields of an Amadeus Flight Offers Search offer (`/v2/shopping/flight-offers`, `data[]`)
/// the providers read and write, in Amadeus's own shape: prices are decimal strings, times local
/// (`2025-07-04T20:45:00`), durations ISO 8601 (`PT2H10M`). The Travelpayouts fallback converts to it
/// too, so offers from either provider read alike. Fields absent here travel in
/// ``AmadeusSearchResult/raw``; the full wire types are FareLensAPI's.
public struct AmadeusFlightOffer: Codable, Sendable, Equatable {
    public struct Price: Codable, Sendable, Equatable {
        public var currency: String
        public var total: String
        public var grandTotal: String?
    }

    public struct Endpoint: Codable, Sendable, Equatable {
        public var iataCode: String
        /// Local time at the airport; nil where the provider does not say (the fallback's arrivals).
        public var at: String?
    }

    public struct Segment: Codable, Sendable, Equatable {
        public var departure: Endpoint
        public var arrival: Endpoint
        public var carrierCode: String
        /// The flight number; nil where the provider does not say (the fallback's return legs).
        public var number: String?
        public var duration: String?
        public var numberOfStops: Int?
    }

    public struct Itinerary: Codable, Sendable, Equatable {
        public var duration: String?
        public var segments: [Segment]
    }

    public var type: String = "flight-offer"
    public var id: String
    public var source: String?
    public var oneWay: Bool?
    public var itineraries: [Itinerary]
    public var price: Price
    public var validatingAirlineCodes: [String]?
}
