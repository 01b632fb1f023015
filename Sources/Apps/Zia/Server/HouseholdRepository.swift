import AppPlatform
import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// The caller's household profile in `zia_households`, stored normalised as JSON text and read
/// back whole. Every method takes the user.
public struct HouseholdRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// The user's stored profile; nil when they have stored none.
    public func profile(of user: UserID) async throws -> HouseholdProfile? { try await stored(of: user)?.profile }

    /// The user's stored profile with when it last changed (its version, the `ETag`); nil when none.
    public func stored(of user: UserID) async throws -> (profile: HouseholdProfile, updatedAt: Date)? {
        let row = try await database.read { db in
            try await db.raw("SELECT profile, updated_at FROM zia_households WHERE user_id = \(bind: user.uuid)").first()
        }
        guard let row else { return nil }
        let text = try row.decode(column: "profile", as: String.self)
        return (try JSONDecoder.api.decode(HouseholdProfile.self, from: Data(text.utf8)), try row.decode(column: "updated_at", as: Date.self))
    }

    /// What a save changed, for the onboarding counters: whether it stored the user's first
    /// profile, and whether it turned `onboarding_completed` on; and what is stored now.
    public struct SaveOutcome: Sendable, Equatable {
        public var created: Bool
        public var completedOnboarding: Bool
        public var profile: HouseholdProfile = .defaults
        public var updatedAt: Date = .distantPast
    }

    /// Applies `input` to the user's household: onto the stored profile (a field left out keeps
    /// its value, ``HouseholdProfile/check(_:onto:)``), or onto the defaults for the first one.
    /// The first profile is inserted or found under a lock (`ON CONFLICT DO NOTHING`, then `FOR
    /// UPDATE` on PostgreSQL), so two concurrent edits of different fields both land, and of
    /// concurrent first saves exactly one is told it created the household or completed
    /// onboarding. With `ifMatch`, a household changed since (or never stored) is a 412 and nothing
    /// changes. An invalid input is its 422 before anything is read.
    public func save(_ input: HouseholdProfile.Input, for user: UserID, ifMatch: IfMatch? = nil) async throws -> SaveOutcome {
        let first = try HouseholdProfile.check(input).get()
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            if ifMatch == nil {
                let text = String(decoding: try JSONEncoder.api.encode(first), as: UTF8.self)
                let inserted = try await db.raw(
                    """
                    INSERT INTO zia_households (user_id, profile, updated_at) VALUES (\(bind: user.uuid), \(bind: text), \(bind: now))
                    ON CONFLICT (user_id) DO NOTHING RETURNING user_id
                    """
                ).first()
                if inserted != nil { return SaveOutcome(created: true, completedOnboarding: first.onboardingCompleted, profile: first, updatedAt: now) }
            }
            let lock: SQLQueryString = db.isPostgres ? " FOR UPDATE" : ""
            guard let row = try await db.raw("SELECT profile, updated_at FROM zia_households WHERE user_id = \(bind: user.uuid)\(lock)").first() else {
                // Only with `ifMatch`: it names a version of a household never stored.
                throw HouseholdNotSavedYet()
            }
            let version = try row.decode(column: "updated_at", as: Date.self)
            try ifMatch?.verify(version)
            let old = try JSONDecoder.api.decode(HouseholdProfile.self, from: Data(try row.decode(column: "profile", as: String.self).utf8))
            let profile = try HouseholdProfile.check(input, onto: old).get()
            let text = String(decoding: try JSONEncoder.api.encode(profile), as: UTF8.self)
            // Every save is a new version on the wire (milliseconds), even two within one millisecond.
            let changed = IfMatch.nextVersion(after: version, now: now)
            try await db.raw("UPDATE zia_households SET profile = \(bind: text), updated_at = \(bind: changed) WHERE user_id = \(bind: user.uuid)").run()
            return SaveOutcome(created: false, completedOnboarding: profile.onboardingCompleted && !old.onboardingCompleted, profile: profile, updatedAt: changed)
        }
    }
}
