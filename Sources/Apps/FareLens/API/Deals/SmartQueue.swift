import Foundation
import PlatformAPI

/// The smart queue (docs/farelens.md, "Smart queue"): one user's deals ordered by
/// `queue_score = deal_score × (1 + 0.2 if any of the user's watchlists matches) × (1 + weight of the
/// preferred airport equal to the origin, else 0)`, highest first, then the lower total price, then the
/// sooner departure (and then the order given, so equal deals keep their order).
public struct SmartQueue: Sendable {
    /// The +20 % for a deal some watchlist matches.
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
