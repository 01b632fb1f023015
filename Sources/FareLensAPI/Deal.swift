import Foundation
import PlatformAPI

/// The marker type of ``DealID``.
public enum DealEntity {}
/// A deal's id: `{id}` of `GET /deals/{id}`, `deal_id` of a saved deal.
public typealias DealID = TypedID<DealEntity>

extension DealEntity: NamedEntity {
    public static var entityName: String { "Deal" }
    public static var notFoundCode: String { "deal_not_found" }
}

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

/// Another fare on a deal's route and dates (another cabin, provider or airline), for the detail page.
public struct FareOption: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", cabin, provider, airline, priceCents = "price_cents", currency, dealScore = "deal_score" }
    public var dealID: DealID
    public var cabin: FlightCabin
    public var provider: FlightOfferSource
    public var airline: String
    public var priceCents: Int
    public var currency: String
    public var dealScore: Int

    public init(dealID: DealID, cabin: FlightCabin, provider: FlightOfferSource, airline: String, priceCents: Int, currency: String, dealScore: Int) {
        self.dealID = dealID
        self.cabin = cabin
        self.provider = provider
        self.airline = airline
        self.priceCents = priceCents
        self.currency = currency
        self.dealScore = dealScore
    }
}

/// The route's observed prices over a recent window (the detail page's price history summary).
public struct RoutePriceSummary: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case days, count, minCents = "min_cents", medianCents = "median_cents", maxCents = "max_cents", currency }
    /// The window, in days before now.
    public var days: Int
    /// Prices observed in the window.
    public var count: Int
    public var minCents: Int
    public var medianCents: Int
    public var maxCents: Int
    public var currency: String

    public init(days: Int, count: Int, minCents: Int, medianCents: Int, maxCents: Int, currency: String) {
        self.days = days
        self.count = count
        self.minCents = minCents
        self.medianCents = medianCents
        self.maxCents = maxCents
        self.currency = currency
    }
}

/// `GET /deals/{id}`: the deal, why it scored what it did, the other fares on its route and dates
/// (by cabin, then price) and the route's recent price history (null while there is none).
public struct DealDetail: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case deal, explanation, fareOptions = "fare_options", priceHistory = "price_history" }
    public var deal: Deal
    public var explanation: [DealScoreFactor]
    public var fareOptions: [FareOption]
    public var priceHistory: RoutePriceSummary?

    public init(deal: Deal, explanation: [DealScoreFactor], fareOptions: [FareOption], priceHistory: RoutePriceSummary?) {
        self.deal = deal
        self.explanation = explanation
        self.fareOptions = fareOptions
        self.priceHistory = priceHistory
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deal, forKey: .deal)
        try container.encode(explanation, forKey: .explanation)
        try container.encode(fareOptions, forKey: .fareOptions)
        try container.encode(priceHistory, forKey: .priceHistory)
    }
}

/// One of the caller's saved deals: the deal as it was when saved (kept after the deal expires).
public struct SavedDeal: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", savedAt = "saved_at", deal }
    public var dealID: DealID
    public var savedAt: Date
    /// The snapshot taken when saved (`queue_score` null).
    public var deal: Deal

    public init(dealID: DealID, savedAt: Date, deal: Deal) {
        self.dealID = dealID
        self.savedAt = savedAt
        self.deal = deal
    }
}

/// The body of `POST /saved-deals`.
public struct SaveDealRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id" }
    public var dealID: String?

    public init(dealID: String?) { self.dealID = dealID }

    /// `deal_id` required, a deal id (a UUID).
    public static func check(_ body: SaveDealRequest) -> Checked<DealID> {
        var v = Validator()
        let id = body.dealID.flatMap(DealID.init)
        v.check(id != nil, "deal_id", body.dealID == nil ? "is required" : "must be a deal id")
        return .from(v) { id }
    }
}
