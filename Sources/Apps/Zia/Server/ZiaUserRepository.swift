import AppPlatform
import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// The caller's row of `zia_users`: display name, beta cohort and personalisation consent. Every
/// method takes the user; the time zone is not here (``ZiaUserService`` keeps it in the platform's
/// notification preferences).
public struct ZiaUserRepository: Sendable {
    /// What Zia stores of an account (``ZiaUser`` without the platform's time zone).
    public struct Row: Codable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case displayName = "display_name", betaCohort = "beta_cohort", personalizationConsent = "personalization_consent" }
        public var displayName: String?
        public var betaCohort: String?
        public var personalizationConsent: Bool = false
    }

    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// The user's row; nil when they have none yet.
    public func find(_ user: UserID) async throws -> Row? {
        try await database.read { db in try await Self.find(user, in: db) }
    }

    /// Applies `update` (already checked) to the user's row, creating it; answers the row.
    public func save(_ update: ZiaUserUpdate, for user: UserID) async throws -> Row {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            var row = try await Self.find(user, in: db) ?? Row()
            row.displayName = update.displayName.applied(to: row.displayName)
            row.betaCohort = update.betaCohort.applied(to: row.betaCohort)
            row.personalizationConsent = update.personalizationConsent ?? row.personalizationConsent
            try await db.raw(
                """
                INSERT INTO zia_users (user_id, display_name, beta_cohort, personalization_consent, updated_at)
                VALUES (\(bind: user.uuid), \(bind: row.displayName), \(bind: row.betaCohort), \(bind: row.personalizationConsent), \(bind: now))
                ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name, beta_cohort = excluded.beta_cohort,
                    personalization_consent = excluded.personalization_consent, updated_at = excluded.updated_at
                """
            ).run()
            return row
        }
    }

    static func find(_ user: UserID, in db: any SQLDatabase) async throws -> Row? {
        try await db.raw("SELECT display_name, beta_cohort, personalization_consent FROM zia_users WHERE user_id = \(bind: user.uuid)").first().map { row in
            Row(
                displayName: try row.decode(column: "display_name", as: String?.self),
                betaCohort: try row.decode(column: "beta_cohort", as: String?.self),
                personalizationConsent: try row.decode(column: "personalization_consent", as: Bool.self))
        }
    }
}
