import Foundation
import Persistence
import PlatformCore
import SQLKit

public struct RecommendationRepository: Sendable {
    let database: any Database
    let clock: any TimeSource
    let signer: ShareLinkSigner

    public init(database: any Database, clock: any TimeSource, signer: ShareLinkSigner) {
        self.database = database
        self.clock = clock
        self.signer = signer
    }

    func signed(_ recommendation: StoredRecommendation) -> StoredRecommendation {
        var copy = recommendation
        copy.shareUrl = signer.sharePath(for: recommendation.id)
        return copy
    }

    static let columns = """
        r.id, r.milestone_id, r.occasion_type, r.recommendation_type, r.title, r.description, r.price_cents, r.currency, r.merchant_name,
        r.external_url, r.image_url, r.source, r.interest_score, r.vibe_score, r.love_language_score, r.final_score, r.informed_by_hints,
        r.created_at, r.candidate_key, r.matched_interest, r.matched_vibe, r.product_category, r.location_city, r.location_state, r.location_country
        """

    static func recommendation(from row: any SQLRow) throws -> StoredRecommendation {
        let hints = (try? JSONDecoder().decode([String].self, from: Data(try row.decode(column: "informed_by_hints", as: String.self).utf8))) ?? []
        return StoredRecommendation(
            card: Recommendation(
                id: RecommendationID(try row.uuid("id")),
                milestoneId: try row.decode(column: "milestone_id", as: UUID?.self).map(MilestoneID.init),
                occasionType: try row.decode(column: "occasion_type", as: String?.self).flatMap(OccasionType.init(rawValue:)),
                recommendationType: RecommendationType(rawValue: try row.decode(column: "recommendation_type", as: String.self)) ?? .gift,
                title: try row.decode(column: "title", as: String.self),
                description: try row.decode(column: "description", as: String?.self),
                priceCents: try row.decode(column: "price_cents", as: Int?.self),
                currency: try row.decode(column: "currency", as: String.self),
                merchantName: try row.decode(column: "merchant_name", as: String?.self),
                externalUrl: try row.decode(column: "external_url", as: String?.self),
                imageUrl: try row.decode(column: "image_url", as: String?.self),
                source: try row.decode(column: "source", as: String?.self),
                interestScore: try row.decode(column: "interest_score", as: Double.self),
                vibeScore: try row.decode(column: "vibe_score", as: Double.self),
                loveLanguageScore: try row.decode(column: "love_language_score", as: Double.self),
                finalScore: try row.decode(column: "final_score", as: Double.self),
                informedByHints: hints.compactMap(HintID.init),
                createdAt: try row.decode(column: "created_at", as: Date.self),
                shareUrl: nil,
                location: location(
                    city: try row.decode(column: "location_city", as: String?.self), state: try row.decode(column: "location_state", as: String?.self),
                    country: try row.decode(column: "location_country", as: String?.self))),
            candidateKey: try row.decode(column: "candidate_key", as: String?.self),
            matchedInterest: try row.decode(column: "matched_interest", as: String?.self),
            matchedVibe: try row.decode(column: "matched_vibe", as: String?.self).flatMap(Vibe.init(rawValue:)),
            category: try row.decode(column: "product_category", as: String?.self)
        )
    }

    /// A location when any part of it is known.
    static func location(city: String?, state: String?, country: String?) -> RecommendationLocation? {
        city == nil && state == nil && country == nil ? nil : RecommendationLocation(city: city, state: state, country: country)
    }

    /// Candidate keys and lower-cased titles of `candidate_key, title` rows.
    static func keysAndTitles(_ rows: [any SQLRow]) throws -> (keys: Set<String>, titles: Set<String>) {
        var keys = Set<String>(), titles = Set<String>()
        for row in rows {
            if let key = try row.decode(column: "candidate_key", as: String?.self) { keys.insert(key) }
            titles.insert(try row.decode(column: "title", as: String.self).lowercased())
        }
        return (keys, titles)
    }

    /// Records that the user refreshed these recommendations away, and why (`refreshed` feedback).
    public func recordRefreshed(_ ids: [RecommendationID], reason: RejectionReason, user: UserID) async throws {
        let now = clock.now()
        try await database.transaction(owner: user.uuid) { db in
            for id in ids {
                try await db.raw(
                    """
                    INSERT INTO recommendation_feedback (id, recommendation_id, user_id, action, rejection_reason, created_at)
                    VALUES (\(bind: UUID()), \(bind: id.uuid), \(bind: user.uuid), 'refreshed', \(bind: reason.rawValue), \(bind: now))
                    """
                ).run()
            }
        }
    }

    /// Candidate keys and titles of items the user refreshed away within `window` seconds (a day by
    /// default): a refresh never brings them back.
    public func recentlyRefreshedAway(for user: UserID, within window: TimeInterval = 86_400) async throws -> (keys: Set<String>, titles: Set<String>) {
        let since = clock.now().addingTimeInterval(-window)
        return try await database.read { db in
            let rows = try await db.raw(
                """
                SELECT DISTINCT r.candidate_key, r.title FROM recommendations r
                JOIN recommendation_feedback f ON f.recommendation_id = r.id
                WHERE f.user_id = \(bind: user.uuid) AND f.action = 'refreshed' AND f.created_at >= \(bind: since)
                """
            ).all()
            return try Self.keysAndTitles(rows)
        }
    }

    /// Stores the chosen candidates in one transaction; items without a picture get the fallback
    /// image of their interest or vibe, experiences and dates their location.
    public func store(_ candidates: [Candidate], vault: VaultID, milestone: MilestoneID?, occasion: OccasionType, user: UserID) async throws -> [StoredRecommendation] {
        let now = clock.now()
        let stored = candidates.map { candidate in
            StoredRecommendation(
                card: Recommendation(
                    id: RecommendationID(), milestoneId: milestone, occasionType: occasion, recommendationType: candidate.type, title: candidate.title,
                    description: candidate.description, priceCents: candidate.priceCents, currency: candidate.currency, merchantName: candidate.merchant,
                    externalUrl: candidate.externalURL, imageUrl: candidate.imageURL ?? OfflineCatalog.fallbackImage(for: candidate), source: candidate.source.rawValue,
                    interestScore: candidate.interestScore, vibeScore: candidate.vibeScore, loveLanguageScore: candidate.loveLanguageScore,
                    finalScore: candidate.finalScore, informedByHints: candidate.informedByHints, createdAt: now, shareUrl: nil,
                    location: candidate.type == .gift ? nil : Self.location(city: candidate.city, state: candidate.state, country: candidate.country)),
                candidateKey: candidate.id, matchedInterest: candidate.matchedInterest, matchedVibe: candidate.matchedVibe, category: candidate.category
            )
        }
        try await database.transaction(owner: user.uuid) { db in
            for r in stored {
                let hints = String(decoding: try JSONEncoder().encode(r.informedByHints.map(\.description)), as: UTF8.self)
                try await db.raw(
                    """
                    INSERT INTO recommendations (id, vault_id, milestone_id, occasion_type, recommendation_type, title, description, external_url, price_cents,
                        currency, merchant_name, image_url, source, candidate_key, matched_interest, matched_vibe, interest_score, vibe_score,
                        love_language_score, final_score, informed_by_hints, created_at, product_category, location_city, location_state, location_country)
                    VALUES (\(bind: r.id.uuid), \(bind: vault.uuid), \(bind: r.milestoneId?.uuid), \(bind: r.occasionType?.rawValue), \(bind: r.recommendationType.rawValue),
                        \(bind: r.title), \(bind: r.description), \(bind: r.externalUrl), \(bind: r.priceCents), \(bind: r.currency), \(bind: r.merchantName),
                        \(bind: r.imageUrl), \(bind: r.source), \(bind: r.candidateKey), \(bind: r.matchedInterest), \(bind: r.matchedVibe?.rawValue),
                        \(bind: r.interestScore), \(bind: r.vibeScore), \(bind: r.loveLanguageScore), \(bind: r.finalScore), \(bind: hints), \(bind: r.createdAt),
                        \(bind: r.category), \(bind: r.location?.city), \(bind: r.location?.state), \(bind: r.location?.country))
                    """
                ).run()
            }
            let used = stored.flatMap(\.informedByHints)
            for hint in Set(used) {
                try await db.raw("UPDATE hints SET is_used = \(bind: true) WHERE id = \(bind: hint.uuid)").run()
            }
        }
        return stored.map(signed)
    }

    /// The user's recommendation, or nil for a missing or someone else's.
    public func find(_ id: RecommendationID, for user: UserID) async throws -> StoredRecommendation? {
        try await database.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM recommendations r JOIN partner_vaults v ON v.id = r.vault_id
                WHERE r.id = \(bind: id.uuid) AND v.user_id = \(bind: user.uuid)
                """
            ).first().map(Self.recommendation(from:)).map(signed)
        }
    }

    /// Every recommendation the user was ever given, oldest first (the data export).
    public func all(for user: UserID) async throws -> [StoredRecommendation] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM recommendations r JOIN partner_vaults v ON v.id = r.vault_id
                WHERE v.user_id = \(bind: user.uuid) ORDER BY r.created_at, r.id
                """
            ).all().map(Self.recommendation(from:))
        }
    }

    /// A recommendation by ID regardless of owner, for signed share links only.
    func findShared(_ id: RecommendationID) async throws -> StoredRecommendation? {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM recommendations r WHERE r.id = \(bind: id.uuid)").first().map(Self.recommendation(from:))
        }
    }

    /// Up to `limit` of the user's recommendations for a milestone, newest first; nil when the
    /// milestone is missing or someone else's (a 404, like every foreign object).
    public func forMilestone(_ milestone: MilestoneID, user: UserID, limit: Int = 10) async throws -> [StoredRecommendation]? {
        try await database.read { db in
            let found = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM recommendations r JOIN partner_vaults v ON v.id = r.vault_id
                WHERE r.milestone_id = \(bind: milestone.uuid) AND v.user_id = \(bind: user.uuid)
                ORDER BY r.created_at DESC, r.final_score DESC LIMIT \(bind: limit)
                """
            ).all().map(Self.recommendation(from:)).map(signed)
            // Recommendations prove the milestone is the user's; only an empty list needs asking.
            if !found.isEmpty { return found }
            let owned =
                try await db.raw(
                    """
                    SELECT 1 AS found FROM partner_milestones m JOIN partner_vaults v ON v.id = m.vault_id
                    WHERE m.id = \(bind: milestone.uuid) AND v.user_id = \(bind: user.uuid)
                    """
                ).first() != nil
            return owned ? [] : nil
        }
    }

    /// Catalog keys and titles of items the user selected or purchased: never recommended again.
    public func chosenItems(for user: UserID) async throws -> (keys: Set<String>, titles: Set<String>) {
        try await database.read { db in
            let rows = try await db.raw(
                """
                SELECT DISTINCT r.candidate_key, r.title FROM recommendations r
                JOIN recommendation_feedback f ON f.recommendation_id = r.id
                WHERE f.user_id = \(bind: user.uuid) AND f.action IN ('selected', 'purchased')
                """
            ).all()
            return try Self.keysAndTitles(rows)
        }
    }

    public func addFeedback(_ action: FeedbackAction, rating: Int?, text: String?, to recommendation: RecommendationID, user: UserID) async throws -> FeedbackRecord {
        let id = UUID()
        let feedback = FeedbackRecord(id: id.lowercasedString, recommendationId: recommendation, action: action, rating: rating, feedbackText: text, createdAt: clock.now())
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO recommendation_feedback (id, recommendation_id, user_id, action, rating, feedback_text, created_at)
                VALUES (\(bind: id), \(bind: recommendation.uuid), \(bind: user.uuid), \(bind: action.rawValue), \(bind: rating), \(bind: text), \(bind: feedback.createdAt))
                """
            ).run()
        }
        return feedback
    }
}
