import Foundation
import Persistence
import PlatformCore
import SQLKit

/// Stores and loads learned weights (one row per user, JSON per dimension) and runs the analysis.
public struct LearnedWeightsRepository: Sendable {
    let database: any Database
    let clock: any TimeSource
    let vaults: VaultRepository

    public init(database: any Database, clock: any TimeSource, vaults: VaultRepository) {
        self.database = database
        self.clock = clock
        self.vaults = vaults
    }

    /// The user's weights, or neutral ones when none are stored.
    public func load(for user: UserID) async throws -> LearnedWeights {
        try await database.read { db in
            guard let row = try await db.raw("SELECT interests, vibes, love_languages, types FROM user_preferences_weights WHERE user_id = \(bind: user.uuid)").first() else {
                return .neutral
            }
            func map(_ column: String) throws -> [String: Double] {
                (try? JSONDecoder().decode([String: Double].self, from: Data(try row.decode(column: column, as: String.self).utf8))) ?? [:]
            }
            return LearnedWeights(interests: try map("interests"), vibes: try map("vibes"), loveLanguages: try map("love_languages"), types: try map("types"))
        }
    }

    /// Recomputes and stores the user's weights from all their feedback; returns them.
    @discardableResult
    public func analyze(user: UserID) async throws -> (weights: LearnedWeights, feedbackCount: Int) {
        guard let vault = try await vaults.find(for: user) else { return (.neutral, 0) }
        let rows = try await database.read { db in
            try await db.raw(
                """
                SELECT f.action, f.rating, r.recommendation_type, r.title, r.description, r.merchant_name, r.matched_interest, r.matched_vibe, r.candidate_key
                FROM recommendation_feedback f JOIN recommendations r ON r.id = f.recommendation_id
                WHERE f.user_id = \(bind: user.uuid)
                """
            ).all()
        }
        let observations: [FeedbackAnalysis.Observation] = try rows.compactMap { row in
            guard let action = FeedbackAction(rawValue: try row.decode(column: "action", as: String.self)) else { return nil }
            let candidate = Candidate(
                id: try row.decode(column: "candidate_key", as: String?.self) ?? UUID().uuidString, source: .catalog,
                type: RecommendationType(rawValue: try row.decode(column: "recommendation_type", as: String.self)) ?? .gift,
                title: try row.decode(column: "title", as: String.self), description: try row.decode(column: "description", as: String?.self) ?? "",
                priceCents: nil, merchant: try row.decode(column: "merchant_name", as: String?.self), externalURL: nil, imageURL: nil,
                matchedInterest: try row.decode(column: "matched_interest", as: String?.self),
                matchedVibe: try row.decode(column: "matched_vibe", as: String?.self).flatMap(Vibe.init(rawValue:))
            )
            return FeedbackAnalysis.Observation(action: action, rating: try row.decode(column: "rating", as: Int?.self), candidate: candidate)
        }
        let content = vault.content
        let weights = FeedbackAnalysis.weights(from: observations, interests: content.interests, loveLanguages: content.loveLanguages)
        @Sendable func json(_ map: [String: Double]) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: (try? encoder.encode(map)) ?? Data("{}".utf8), as: UTF8.self)
        }
        let now = clock.now()
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw("DELETE FROM user_preferences_weights WHERE user_id = \(bind: user.uuid)").run()
            try await db.raw(
                """
                INSERT INTO user_preferences_weights (user_id, interests, vibes, love_languages, types, feedback_count, updated_at)
                VALUES (\(bind: user.uuid), \(bind: json(weights.interests)), \(bind: json(weights.vibes)), \(bind: json(weights.loveLanguages)),
                    \(bind: json(weights.types)), \(bind: observations.count), \(bind: now))
                """
            ).run()
        }
        return (weights, observations.count)
    }

    /// Every user of Knot with feedback (the weekly job's work list).
    public func usersWithFeedback() async throws -> [UserID] {
        try await database.read { db in
            try await db.raw("SELECT DISTINCT user_id FROM recommendation_feedback").all().map { UserID(try $0.uuid("user_id")) }
        }
    }
}
