import Foundation
import PlatformAPI

/// One alert in the caller's history.
public struct AlertHistoryEntry: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, watchlistID = "watchlist_id", origin, destination, departureDate = "departure_date", airline, priceCents = "price_cents", currency
        case dealScore = "deal_score", queueScore = "queue_score", status, delivery, deliverAt = "deliver_at", createdAt = "created_at"
    }
    public var id: AlertID
    public var watchlistID: WatchlistID
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var airline: String
    /// In minor units of ``currency``.
    public var priceCents: Int
    public var currency: String
    public var dealScore: Int
    public var queueScore: Double
    public var status: AlertStatus
    /// Whether the push reached a device, once the alert was offered for delivery; nil before that
    /// (deferred, capped, deduplicated, muted, below the threshold).
    public var delivery: AlertDelivery?
    /// When a deferred alert goes out (the end of quiet hours); nil otherwise.
    public var deliverAt: Date?
    public var createdAt: Date

    public init(
        id: AlertID, watchlistID: WatchlistID, origin: String, destination: String, departureDate: LocalDate, airline: String, priceCents: Int, currency: String,
        dealScore: Int, queueScore: Double, status: AlertStatus, delivery: AlertDelivery? = nil, deliverAt: Date?, createdAt: Date
    ) {
        self.id = id
        self.watchlistID = watchlistID
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.airline = airline
        self.priceCents = priceCents
        self.currency = currency
        self.dealScore = dealScore
        self.queueScore = queueScore
        self.status = status
        self.delivery = delivery
        self.deliverAt = deliverAt
        self.createdAt = createdAt
    }
}
