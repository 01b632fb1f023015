import Foundation
import PlatformAPI

/// What of a watchlist decides whether it matches a deal (docs/farelens.md, "Smart queue"): the
/// route (airports or metro codes), an optional departure window and an optional price ceiling.
public struct WatchlistCriteria: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case origin, destination, departureFrom = "departure_from", departureTo = "departure_to", maxPriceCents = "max_price_cents"
    }
    public var origin: String
    public var destination: String
    public var departureFrom: LocalDate?
    public var departureTo: LocalDate?
    /// In minor units of the deal's currency.
    public var maxPriceCents: Int?

    public init(origin: String, destination: String, departureFrom: LocalDate? = nil, departureTo: LocalDate? = nil, maxPriceCents: Int? = nil) {
        self.origin = origin
        self.destination = destination
        self.departureFrom = departureFrom
        self.departureTo = departureTo
        self.maxPriceCents = maxPriceCents
    }

    /// Origin and destination cover the deal's (the same code, or a metro holding its airport), the
    /// departure is inside the window (each end inclusive, when given) and the price is at or under the
    /// ceiling (when given).
    public func matches(_ deal: some QueueableDeal, metros: some MetroAreas) -> Bool {
        guard metros.covers(origin, deal.origin), metros.covers(destination, deal.destination) else { return false }
        if let departureFrom, deal.departureDate < departureFrom { return false }
        if let departureTo, departureTo < deal.departureDate { return false }
        if let maxPriceCents, deal.priceCents > maxPriceCents { return false }
        return true
    }
}
