import Foundation

/// What one flight search asks a provider for, in the terms both providers share (IATA codes,
/// `yyyy-MM-dd` dates, an ISO 4217 currency), so the primary and the fallback are asked the same
/// question.
public struct FlightSearchQuery: Sendable, Hashable {
    /// Amadeus's cabins (`travelClass`).
    public enum TravelClass: String, Sendable, CaseIterable {
        case economy = "ECONOMY", premiumEconomy = "PREMIUM_ECONOMY", business = "BUSINESS", first = "FIRST"
    }

    public var origin: String
    public var destination: String
    public var departureDate: String
    /// Nil: one way.
    public var returnDate: String?
    public var adults: Int
    public var children: Int
    public var infants: Int
    public var travelClass: TravelClass?
    public var currency: String
    /// The most offers wanted.
    public var maxOffers: Int
    public var nonStop: Bool

    public init(
        origin: String, destination: String, departureDate: String, returnDate: String? = nil, adults: Int = 1, children: Int = 0, infants: Int = 0,
        travelClass: TravelClass? = nil, currency: String = "USD", maxOffers: Int = 20, nonStop: Bool = false
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.adults = adults
        self.children = children
        self.infants = infants
        self.travelClass = travelClass
        self.currency = currency
        self.maxOffers = maxOffers
        self.nonStop = nonStop
    }
}
