import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// `farelens_deals`: the listed deals every user's feed ranks. One deal per route, dates, cabin and
/// airline: recording a newer candidate for the same key replaces the older one in place (same id,
/// so saved links and detail pages follow it), and a newer candidate that is no longer a deal
/// removes it. Expired deals leave the feed at once and are deleted by ``purgeExpired()``.
public struct DealRepository: DealRecording {
    let database: any Database
    let clock: any TimeSource

    /// The most deals read to rank one feed: the best by DealScore that pass its filters.
    public static let rankedCandidates = 1000

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// A stored deal: what the feed shows, plus its explanation.
    struct Stored {
        var deal: Deal
        var explanation: [DealScoreFactor]
    }

    static let columns =
        "d.id, d.origin, d.destination, d.departure_date, d.return_date, d.cabin, d.airline, d.price_cents, d.currency, d.deal_score, d.deal_tier, d.percentile, d.confidence, d.explanation, d.provider, d.expires_at"

    public func record(_ candidates: [DealCandidate]) async throws {
        guard !candidates.isEmpty else { return }
        // Within one batch the cheapest fare of a key is the one kept.
        var latest: [String: DealCandidate] = [:]
        for candidate in candidates {
            let key = Self.key(candidate)
            if let kept = latest[key], kept.priceCents <= candidate.priceCents { continue }
            latest[key] = candidate
        }
        let now = clock.now()
        let batch = latest.sorted { $0.key < $1.key }
        try await database.transaction { db in
            for (key, candidate) in batch {
                guard candidate.score.tier.isListed, candidate.expiresAt > now else {
                    try await db.raw("DELETE FROM farelens_deals WHERE deal_key = \(bind: key)").run()
                    continue
                }
                try await db.raw(
                    """
                    INSERT INTO farelens_deals (id, deal_key, origin, destination, departure_date, return_date, cabin, airline, price_cents, currency,
                        deal_score, deal_tier, percentile, confidence, explanation, provider, offer, created_at, expires_at)
                    VALUES (\(bind: UUID()), \(bind: key), \(bind: candidate.origin), \(bind: candidate.destination), \(bind: candidate.departureDate.text),
                        \(bind: candidate.returnDate?.text), \(bind: candidate.cabin.rawValue), \(bind: candidate.airline), \(bind: candidate.priceCents),
                        \(bind: candidate.currency), \(bind: candidate.score.score), \(bind: candidate.score.tier.rawValue), \(bind: candidate.score.percentile),
                        \(bind: candidate.score.confidence), \(bind: Self.json(candidate.score.explanation)), \(bind: candidate.provider.rawValue),
                        \(bind: candidate.offer.map(Self.json)), \(bind: now), \(bind: candidate.expiresAt))
                    ON CONFLICT (deal_key) DO UPDATE SET price_cents = excluded.price_cents, currency = excluded.currency, deal_score = excluded.deal_score,
                        deal_tier = excluded.deal_tier, percentile = excluded.percentile, confidence = excluded.confidence, explanation = excluded.explanation,
                        provider = excluded.provider, offer = excluded.offer, created_at = excluded.created_at, expires_at = excluded.expires_at
                    """
                ).run()
            }
        }
    }

    /// The listed, unexpired deals passing `filter` (its codes already resolved to airports), at most
    /// ``rankedCandidates``, best DealScore first (then price, departure, id: a fixed order).
    func listed(origins: [String]?, destinations: [String]?, filter: DealFeedFilter) async throws -> [Deal] {
        let now = clock.now()
        return try await database.read { db in
            var conditions: SQLQueryString = "d.expires_at > \(bind: now) AND d.deal_tier IN ('good', 'exceptional')"
            if let origins { conditions = "\(conditions) AND d.origin IN (\(binds: origins))" }
            if let destinations { conditions = "\(conditions) AND d.destination IN (\(binds: destinations))" }
            if !filter.airlines.isEmpty { conditions = "\(conditions) AND d.airline IN (\(binds: filter.airlines))" }
            if let max = filter.maxPriceCents { conditions = "\(conditions) AND d.price_cents <= \(bind: max)" }
            let rows = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM farelens_deals d WHERE \(conditions)
                ORDER BY d.deal_score DESC, d.price_cents ASC, d.departure_date ASC, d.id ASC LIMIT \(bind: Self.rankedCandidates)
                """
            ).all()
            return try rows.compactMap(Self.stored(from:)).map(\.deal)
        }
    }

    /// Listed deal `id` while it has not expired.
    func find(_ id: DealID) async throws -> Stored? {
        let now = clock.now()
        return try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM farelens_deals d WHERE d.id = \(bind: id.uuid) AND d.expires_at > \(bind: now)")
                .first().flatMap(Self.stored(from:))
        }
    }

    /// The other unexpired deals on `deal`'s route and dates, by cabin then price.
    func fareOptions(besides deal: Deal) async throws -> [FareOption] {
        let now = clock.now()
        return try await database.read { db in
            let returning: SQLQueryString = deal.returnDate.map { "d.return_date = \(bind: $0.text)" } ?? "d.return_date IS NULL"
            let rows = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM farelens_deals d
                WHERE d.origin = \(bind: deal.origin) AND d.destination = \(bind: deal.destination) AND d.departure_date = \(bind: deal.departureDate.text)
                    AND \(returning) AND d.id <> \(bind: deal.id.uuid) AND d.expires_at > \(bind: now)
                ORDER BY d.cabin, d.price_cents, d.id LIMIT 50
                """
            ).all()
            return try rows.compactMap(Self.stored(from:)).map {
                FareOption(
                    dealID: $0.deal.id, cabin: $0.deal.cabin, provider: $0.deal.provider, airline: $0.deal.airline, priceCents: $0.deal.priceCents,
                    currency: $0.deal.currency, dealScore: $0.deal.dealScore)
            }
        }
    }

    /// Deletes the deals that have expired; answers how many. The main engineer schedules it.
    @discardableResult
    public func purgeExpired() async throws -> Int {
        let now = clock.now()
        return try await database.transaction { db in
            try await db.raw("DELETE FROM farelens_deals WHERE expires_at <= \(bind: now) RETURNING id").all().count
        }
    }

    /// The one-deal-per key: route, dates, cabin and airline.
    static func key(_ candidate: DealCandidate) -> String {
        [
            candidate.origin, candidate.destination, candidate.departureDate.text, candidate.returnDate?.text ?? "-", candidate.cabin.rawValue, candidate.airline,
        ].joined(separator: "|")
    }

    static func stored(from row: any SQLRow) throws -> Stored? {
        guard let departure = LocalDate(try row.decode(column: "departure_date", as: String.self)),
            let cabin = FlightCabin(rawValue: try row.decode(column: "cabin", as: String.self)),
            let tier = DealTier(rawValue: try row.decode(column: "deal_tier", as: String.self)),
            let provider = FlightOfferSource(rawValue: try row.decode(column: "provider", as: String.self))
        else { return nil }
        let deal = Deal(
            id: DealID(try row.decode(column: "id", as: UUID.self)), origin: try row.decode(column: "origin", as: String.self),
            destination: try row.decode(column: "destination", as: String.self), departureDate: departure,
            returnDate: try row.decode(column: "return_date", as: String?.self).flatMap { LocalDate($0) }, cabin: cabin,
            airline: try row.decode(column: "airline", as: String.self), priceCents: try row.decode(column: "price_cents", as: Int.self),
            currency: try row.decode(column: "currency", as: String.self), dealScore: try row.decode(column: "deal_score", as: Int.self), dealTier: tier,
            queueScore: nil, percentile: try row.decode(column: "percentile", as: Double?.self), confidence: try row.decode(column: "confidence", as: Double.self),
            provider: provider, expiresAt: try row.decode(column: "expires_at", as: Date.self))
        let explanation = (try? JSONDecoder().decode([DealScoreFactor].self, from: Data(try row.decode(column: "explanation", as: String.self).utf8))) ?? []
        return Stored(deal: deal, explanation: explanation)
    }

    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }
}
