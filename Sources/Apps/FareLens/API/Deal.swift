import Foundation
import PlatformAPI

/// One deal of the feed: a scored fare good enough to list, with its place in the caller's smart
/// queue (`queue_score`). The same shape is a saved deal's snapshot, where `queue_score` is null.
public struct Deal: Codable, Sendable, Equatable, QueueableDeal {
    enum CodingKeys: String, CodingKey {
        case id, origin, destination, cabin, airline, currency, percentile, confidence, provider
        case departureDate = "departure_date", returnDate = "return_date", priceCents = "price_cents", dealScore = "deal_score"
        case dealTier = "deal_tier", queueScore = "queue_score", expiresAt = "expires_at"
    }
    public var id: DealID
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var cabin: FlightCabin
    /// The validating airline's IATA code.
    public var airline: String
    /// The total for one adult, in minor units of `currency`.
    public var priceCents: Int
    public var currency: String
    public var dealScore: Int
    public var dealTier: DealTier
    /// `deal_score × watchlist boost × preferred-airport weight` for the caller; null in a snapshot.
    public var queueScore: Double?
    public var percentile: Double?
    public var confidence: Double
    public var provider: FlightOfferSource
    /// When the fare stops being offered as a deal (it then leaves the feed).
    public var expiresAt: Date

    public init(
        id: DealID, origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate?, cabin: FlightCabin, airline: String, priceCents: Int,
        currency: String, dealScore: Int, dealTier: DealTier, queueScore: Double?, percentile: Double?, confidence: Double, provider: FlightOfferSource, expiresAt: Date
    ) {
        self.id = id
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.cabin = cabin
        self.airline = airline
        self.priceCents = priceCents
        self.currency = currency
        self.dealScore = dealScore
        self.dealTier = dealTier
        self.queueScore = queueScore
        self.percentile = percentile
        self.confidence = confidence
        self.provider = provider
        self.expiresAt = expiresAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(origin, forKey: .origin)
        try container.encode(destination, forKey: .destination)
        try container.encode(departureDate, forKey: .departureDate)
        try container.encode(returnDate, forKey: .returnDate)
        try container.encode(cabin, forKey: .cabin)
        try container.encode(airline, forKey: .airline)
        try container.encode(priceCents, forKey: .priceCents)
        try container.encode(currency, forKey: .currency)
        try container.encode(dealScore, forKey: .dealScore)
        try container.encode(dealTier, forKey: .dealTier)
        try container.encode(queueScore, forKey: .queueScore)
        try container.encode(percentile, forKey: .percentile)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(provider, forKey: .provider)
        try container.encode(expiresAt, forKey: .expiresAt)
    }
}
