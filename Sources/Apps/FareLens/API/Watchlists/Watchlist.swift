import Foundation
import PlatformAPI

/// A route the user follows (docs/farelens.md, "Watchlists and preferred airports"): airports or metro codes, an optional departure
/// window and price ceiling. A paused one (over the tier's limit after a downgrade, or paused by its
/// owner) is kept but neither counts against the limit nor ranks deals.
public struct Watchlist: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, origin, destination, departureFrom = "departure_from", departureTo = "departure_to", maxPriceCents = "max_price_cents", currency
        case alertsEnabled = "alerts_enabled", paused, createdAt = "created_at", updatedAt = "updated_at"
    }
    public var id: WatchlistID
    public var origin: String
    public var destination: String
    public var departureFrom: LocalDate?
    public var departureTo: LocalDate?
    /// In minor units of ``currency``.
    public var maxPriceCents: Int?
    public var currency: String
    public var alertsEnabled: Bool
    public var paused: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: WatchlistID, origin: String, destination: String, departureFrom: LocalDate?, departureTo: LocalDate?, maxPriceCents: Int?, currency: String,
        alertsEnabled: Bool, paused: Bool, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.origin = origin
        self.destination = destination
        self.departureFrom = departureFrom
        self.departureTo = departureTo
        self.maxPriceCents = maxPriceCents
        self.currency = currency
        self.alertsEnabled = alertsEnabled
        self.paused = paused
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// What of it ranks deals in the smart queue.
    public var criteria: WatchlistCriteria {
        WatchlistCriteria(origin: origin, destination: destination, departureFrom: departureFrom, departureTo: departureTo, maxPriceCents: maxPriceCents)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(origin, forKey: .origin)
        try container.encode(destination, forKey: .destination)
        try container.encode(departureFrom, forKey: .departureFrom)
        try container.encode(departureTo, forKey: .departureTo)
        try container.encode(maxPriceCents, forKey: .maxPriceCents)
        try container.encode(currency, forKey: .currency)
        try container.encode(alertsEnabled, forKey: .alertsEnabled)
        try container.encode(paused, forKey: .paused)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
