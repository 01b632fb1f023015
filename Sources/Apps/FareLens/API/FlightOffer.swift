import Foundation
import PlatformAPI

/// One flight offer (Amadeus `flight-offer`): its itineraries (one, or two for a round trip), the
/// total price, the airlines that validate it, the price per traveller; FareLens adds the offer's
/// DealScore (0–100) and its tier, and the caller's booking links.
public struct FlightOffer: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case type, id, source, instantTicketingRequired, nonHomogeneous, oneWay, lastTicketingDate, numberOfBookableSeats
        case itineraries, price, pricingOptions, validatingAirlineCodes, travelerPricings
        case dealScore = "deal_score", dealTier = "deal_tier", bookingLinks = "booking_links"
    }
    /// Always `flight-offer`.
    public var type: String
    public var id: String
    /// Amadeus's `GDS`; FareLens's other providers write their own name.
    public var source: String
    public var instantTicketingRequired: Bool?
    public var nonHomogeneous: Bool?
    public var oneWay: Bool?
    /// `YYYY-MM-DD`.
    public var lastTicketingDate: String?
    public var numberOfBookableSeats: Int?
    public var itineraries: [FlightItinerary]
    public var price: FlightPrice
    public var pricingOptions: FlightPricingOptions?
    public var validatingAirlineCodes: [String]?
    public var travelerPricings: [FlightTravelerPricing]?
    /// FareLens's DealScore, 0–100 (server-side only).
    public var dealScore: Int?
    /// The DealScore's tier (`exceptional`, `good`, …) as the deal scorer names it.
    public var dealTier: String?
    /// Where to book it, composed for the caller (tier, A/B arm, matching watchlist) on every search
    /// answer, never cached.
    public var bookingLinks: [BookingLink]?

    public init(
        type: String = "flight-offer", id: String, source: String, instantTicketingRequired: Bool? = nil, nonHomogeneous: Bool? = nil, oneWay: Bool? = nil,
        lastTicketingDate: String? = nil, numberOfBookableSeats: Int? = nil, itineraries: [FlightItinerary], price: FlightPrice,
        pricingOptions: FlightPricingOptions? = nil, validatingAirlineCodes: [String]? = nil, travelerPricings: [FlightTravelerPricing]? = nil,
        dealScore: Int? = nil, dealTier: String? = nil, bookingLinks: [BookingLink]? = nil
    ) {
        self.type = type
        self.id = id
        self.source = source
        self.instantTicketingRequired = instantTicketingRequired
        self.nonHomogeneous = nonHomogeneous
        self.oneWay = oneWay
        self.lastTicketingDate = lastTicketingDate
        self.numberOfBookableSeats = numberOfBookableSeats
        self.itineraries = itineraries
        self.price = price
        self.pricingOptions = pricingOptions
        self.validatingAirlineCodes = validatingAirlineCodes
        self.travelerPricings = travelerPricings
        self.dealScore = dealScore
        self.dealTier = dealTier
        self.bookingLinks = bookingLinks
    }
}
