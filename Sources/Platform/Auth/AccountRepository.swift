import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The platform's account tables: users per app, their sign-in identities, sessions with rotating
/// refresh tokens, device tokens and notification preferences. Every query is scoped by user (and
/// app where the row carries one).
public struct AccountRepository: Sendable {
    let database: any Database
    let clock: any TimeSource
    let liveSessions: LiveSessionCache
    /// The quiet hours a new account of an app starts with when the app's rules name their own
    /// (``DefaultQuietHours``); other apps' accounts start with the schema's 22–8.
    let quietHoursDefaults: [AppID: DefaultQuietHours]

    public init(
        database: any Database, clock: any TimeSource, liveSessions: LiveSessionCache = LiveSessionCache(ttl: 0), quietHoursDefaults: [AppID: DefaultQuietHours] = [:]
    ) {
        self.database = database
        self.clock = clock
        self.liveSessions = liveSessions
        self.quietHoursDefaults = quietHoursDefaults
    }

    /// The user a provider identity already belongs to in `app`, or nil (never creates one): how a
    /// re-authentication is matched to the signed-in account.
    public func findUser(app: AppID, provider: String, subject: String) async throws -> UserID? {
        try await database.read { db in
            try await db.raw(
                """
                SELECT user_id FROM user_identities WHERE app = \(bind: app.rawValue) AND provider = \(bind: provider) AND subject = \(bind: subject)
                """
            ).first().map { UserID(try $0.uuid("user_id")) }
        }
    }

    /// The user signed in through `provider`/`subject` for `app`, created on first sign-in. Two
    /// first sign-ins racing each other end with one account: the loser's insert hits the primary
    /// key of `user_identities`, and it reads the winner's row instead.
    public func findOrCreateUser(app: AppID, provider: String, subject: String, email: String?) async throws -> UserID {
        do {
            return try await findOrInsertUser(app: app, provider: provider, subject: subject, email: email)
        } catch  where error.isUniqueViolation {
            return try await findOrInsertUser(app: app, provider: provider, subject: subject, email: email)
        }
    }

    private func findOrInsertUser(app: AppID, provider: String, subject: String, email: String?) async throws -> UserID {
        let now = clock.now()
        return try await database.transaction { db in
            if let row = try await db.raw(
                """
                SELECT user_id FROM user_identities WHERE app = \(bind: app.rawValue) AND provider = \(bind: provider) AND subject = \(bind: subject)
                """
            ).first() {
                return UserID(try row.uuid("user_id"))
            }
            let user = UserID()
            let quiet = quietHoursDefaults[app] ?? .platform
            try await db.raw(
                """
                INSERT INTO users (id, app, email, quiet_hours_start, quiet_hours_end, created_at, updated_at)
                VALUES (\(bind: user.uuid), \(bind: app.rawValue), \(bind: email), \(bind: quiet.start), \(bind: quiet.end), \(bind: now), \(bind: now))
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO user_identities (app, provider, subject, user_id, email, created_at)
                VALUES (\(bind: app.rawValue), \(bind: provider), \(bind: subject), \(bind: user.uuid), \(bind: email), \(bind: now))
                """
            ).run()
            return user
        }
    }

    /// The account's email, name (password accounts have one) and creation time, for exports.
    public func profile(_ user: UserID) async throws -> (email: String?, name: String?, createdAt: Date)? {
        try await database.read { db in
            guard let row = try await db.raw("SELECT email, name, created_at FROM users WHERE id = \(bind: user.uuid)").first() else { return nil }
            return (
                try row.decode(column: "email", as: String?.self), try row.decode(column: "name", as: String?.self),
                try row.decode(column: "created_at", as: Date.self)
            )
        }
    }

    /// Deletes the account and, through cascades, every row that belongs to it on either database.
    /// Writes for the account lock its row first (``Database/transaction(owner:_:)``), so they queue
    /// behind or ahead of the deletion; should anything else still collide with it (a PostgreSQL
    /// deadlock), the deletion is tried again, up to three times.
    public func deleteUser(_ user: UserID) async throws {
        for attempt in 1...3 {
            do {
                try await database.transaction { db in
                    try await db.raw("DELETE FROM users WHERE id = \(bind: user.uuid)").run()
                    try await SessionRevocation.user(user).announce(on: db)
                }
                break
            } catch  where error.isTransactionConflict && attempt < 3 {
                continue
            }
        }
        liveSessions.forget(user: user)
    }
}
