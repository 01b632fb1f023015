import Foundation

/// The few fields of an Amadeus Flight Offers Search offer (`/v2/shopping/flight-offers`, `data[]`)
/// the Travelpayouts fallback converts its fares to, in Amadeus's own shape: prices are decimal
/// strings, times local (`2025-07-04T20:45:00`), durations ISO 8601 (`PT2H10M`), so its offers read
/// like Amadeus's. Amadeus's own answers are read once, into FareLensAPI's full wire types.
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
