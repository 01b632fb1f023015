import FareLensAPI
import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The users' preferred airports (`farelens_preferences`, one row per user, the airports as JSON).
/// What is stored is kept across tier changes; what is used is what the tier allows: on Free the
/// first by priority, at weight 1.0.
public struct PreferencesRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// The airports the user's tier lets count, by priority (none when they set none).
    public func preferredAirports(for user: UserID) async throws -> [PreferredAirport] {
        try await database.read { db in
            let tier = try await FareLensAccountRepository.account(for: user, in: db).tier
            return Self.allowed(try await Self.stored(for: user, db), tier: tier)
        }
    }

    /// Everything stored for the user, by priority (their export).
    public func stored(for user: UserID) async throws -> [PreferredAirport] {
        try await database.read { db in try await Self.stored(for: user, db) }
    }

    /// Replaces the user's airports with `airports` (checked for their tier already).
    public func replace(with airports: [PreferredAirport], for user: UserID) async throws {
        let now = clock.now()
        let text = String(decoding: try JSONEncoder().encode(airports), as: UTF8.self)
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO farelens_preferences (user_id, preferred_airports, updated_at) VALUES (\(bind: user.uuid), \(bind: text), \(bind: now))
                ON CONFLICT (user_id) DO UPDATE SET preferred_airports = excluded.preferred_airports, updated_at = excluded.updated_at
                """
            ).run()
        }
    }

    /// What `tier` uses of `stored`: as many as it allows, by priority; Free's one weighs 1.0.
    static func allowed(_ stored: [PreferredAirport], tier: FareLensTier) -> [PreferredAirport] {
        let kept = Array(stored.sorted { $0.priority < $1.priority }.prefix(PreferredAirportsInput.limit(for: tier)))
        guard tier == .free else { return kept }
        return kept.map { PreferredAirport(iata: $0.iata, weight: 1.0, priority: 1) }
    }

    static func stored(for user: UserID, _ db: any SQLDatabase) async throws -> [PreferredAirport] {
        guard let row = try await db.raw("SELECT preferred_airports FROM farelens_preferences WHERE user_id = \(bind: user.uuid)").first() else { return [] }
        let text = try row.decode(column: "preferred_airports", as: String.self)
        return ((try? JSONDecoder().decode([PreferredAirport].self, from: Data(text.utf8))) ?? []).sorted { $0.priority < $1.priority }
    }
}
