import Auth
import Foundation
import PlatformCore
import ZiaAPI

/// `POST /users/upsert`'s work: Zia's own fields in `zia_users`, the time zone in the platform's
/// notification preferences (the one copy every app's reminders and quiet hours read).
public struct ZiaUserService: Sendable {
    let users: ZiaUserRepository
    let accounts: AccountRepository

    public init(users: ZiaUserRepository, accounts: AccountRepository) {
        self.users = users
        self.accounts = accounts
    }

    /// Applies `update` (already checked) for `user` and answers the account as now stored.
    public func upsert(_ update: ZiaUserUpdate, for user: UserID) async throws -> ZiaUser {
        guard var preferences = try await accounts.preferences(of: user) else { throw ZiaUserNotFound() }
        if update.timezone != .unchanged {
            preferences.timezone = update.timezone.applied(to: preferences.timezone)
            try await accounts.savePreferences(preferences, of: user)
        }
        return Self.account(user, row: try await users.save(update, for: user), timezone: preferences.timezone)
    }

    /// The user's account as stored (an account without a Zia row has the defaults).
    public func account(of user: UserID) async throws -> ZiaUser {
        async let row = users.find(user)
        async let preferences = accounts.preferences(of: user)
        return Self.account(user, row: try await row ?? ZiaUserRepository.Row(), timezone: try await preferences?.timezone)
    }

    private static func account(_ user: UserID, row: ZiaUserRepository.Row, timezone: String?) -> ZiaUser {
        ZiaUser(userID: user, displayName: row.displayName, timezone: timezone, betaCohort: row.betaCohort, personalizationConsent: row.personalizationConsent)
    }
}
