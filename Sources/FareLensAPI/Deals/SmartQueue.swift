import Foundation
import PlatformAPI

/// What the smart queue needs of a deal; the server's and the SDK's deal types conform.
public protocol QueueableDeal {
    /// Departure airport (IATA).
    var origin: String { get }
    /// Arrival airport (IATA).
    var destination: String { get }
    var departureDate: LocalDate { get }
    /// The total price, in minor units of the deal's currency.
    var priceCents: Int { get }
    /// The deal's DealScore, 0–100.
    var dealScore: Int { get }
}

/// What of a watchlist decides whether it matches a deal (the seed's `watchlist.matches(deal)`): the
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

/// A deal with its place in the user's queue.
public struct RankedDeal<Deal> {
    public var deal: Deal
    /// `deal_score × watchlist boost × airport weight`.
    public var queueScore: Double
}

extension RankedDeal: Sendable where Deal: Sendable {}
extension RankedDeal: Equatable where Deal: Equatable {}

/// The smart queue exactly as the seed's `SmartQueueService`: one user's deals ordered by
/// `queue_score = deal_score × (1 + 0.2 if any of the user's watchlists matches) × (1 + weight of the
/// preferred airport equal to the origin, else 0)`, highest first, then the lower total price, then the
/// sooner departure (and, past the seed's rules, the order given, so equal deals keep their order).
public struct SmartQueue: Sendable {
    /// The seed's +20 % for a deal some watchlist matches.
    public static let watchlistBoost = 0.2

    public var watchlists: [WatchlistCriteria]
    public var preferredAirports: [PreferredAirport]
    public var metros: any MetroAreas

    public init(watchlists: [WatchlistCriteria], preferredAirports: [PreferredAirport], metros: any MetroAreas = MetroCodes.standard) {
        self.watchlists = watchlists
        self.preferredAirports = preferredAirports
        self.metros = metros
    }

    /// `deal`'s queue score. Airport weights outside 0…1 (or NaN) count as the nearest of 0 and 1.
    public func queueScore(_ deal: some QueueableDeal) -> Double {
        let boost = watchlists.contains { $0.matches(deal, metros: metros) } ? Self.watchlistBoost : 0
        let weight = preferredAirports.first { $0.iata == deal.origin }.map { DealScorer.clamp($0.weight, 0, 1) } ?? 0
        return Double(deal.dealScore) * (1 + boost) * (1 + weight)
    }

    /// `deals` in queue order, each with its queue score.
    public func rank<Deal: QueueableDeal>(_ deals: [Deal]) -> [RankedDeal<Deal>] {
        let scored = deals.enumerated().map { (offset: $0.offset, ranked: RankedDeal(deal: $0.element, queueScore: queueScore($0.element))) }
        return scored.sorted { a, b in
            if a.ranked.queueScore != b.ranked.queueScore { return a.ranked.queueScore > b.ranked.queueScore }
            if a.ranked.deal.priceCents != b.ranked.deal.priceCents { return a.ranked.deal.priceCents < b.ranked.deal.priceCents }
            if a.ranked.deal.departureDate != b.ranked.deal.departureDate { return a.ranked.deal.departureDate < b.ranked.deal.departureDate }
            return a.offset < b.offset
        }.map(\.ranked)
    }

    /// The feed: ``rank(_:)`` of the deals good enough to list (DealScore ≥ 60; below is never shown).
    public func feed<Deal: QueueableDeal>(_ deals: [Deal]) -> [RankedDeal<Deal>] {
        rank(deals.filter { DealTier(score: $0.dealScore).isListed })
    }
}
