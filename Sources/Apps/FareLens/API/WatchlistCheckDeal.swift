import Foundation
import PlatformAPI

/// A fare that is a deal for a checked watchlist (DealScore 60 or more, matching its route, window
/// and ceiling), as the check answers it.
public struct WatchlistCheckDeal: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case origin, destination, departureDate = "departure_date", returnDate = "return_date", airline, priceCents = "price_cents", currency
        case dealScore = "deal_score", dealTier = "deal_tier", provider, expiresAt = "expires_at"
    }
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var airline: String
    public var priceCents: Int
    public var currency: String
    public var dealScore: Int
    public var dealTier: DealTier
    public var provider: String
    public var expiresAt: Date

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate?, airline: String, priceCents: Int, currency: String, dealScore: Int,
        dealTier: DealTier, provider: String, expiresAt: Date
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.airline = airline
        self.priceCents = priceCents
        self.currency = currency
        self.dealScore = dealScore
        self.dealTier = dealTier
        self.provider = provider
        self.expiresAt = expiresAt
    }
}
