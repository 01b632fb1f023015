import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The `password_credentials` table: one scrypt hash per user of an app that offers email +
/// password accounts, found by the lower-cased email (``PasswordAccounts/emailKey(_:)``), which is
/// unique per app. Its `users` row is the account every other platform route works with (export,
/// deletion, sessions); deleting that row deletes the credential with it (ON DELETE CASCADE).
public struct PasswordCredentialRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// A stored credential: whose it is and the hash to check a password against.
    public struct Credential: Sendable, Equatable {
        public let user: UserID
        public let hash: PasswordHash
    }

    /// Creates the account (`users` row with email and name) and its credential in one transaction.
    /// Returns nil when the app already has an account with this email key, whether it was there
    /// before or was created by a registration racing this one.
    ///
    /// A taken key is looked for first, in the same transaction, so the usual duplicate costs no
    /// failed insert (on PostgreSQL a failed statement costs its connection); the unique index still
    /// settles registrations racing each other.
    public func createAccount(app: AppID, email: String, emailKey: String, name: String, hash: PasswordHash) async throws -> PasswordAccount? {
        let now = clock.now()
        let user = UserID()
        do {
            let created = try await database.transaction { db -> Bool in
                let taken = try await db.raw(
                    "SELECT 1 AS found FROM password_credentials WHERE app = \(bind: app.rawValue) AND email_key = \(bind: emailKey)"
                ).first()
                guard taken == nil else { return false }
                try await db.raw(
                    """
                    INSERT INTO users (id, app, email, name, created_at, updated_at)
                    VALUES (\(bind: user.uuid), \(bind: app.rawValue), \(bind: email), \(bind: name), \(bind: now), \(bind: now))
                    """
                ).run()
                try await db.raw(
                    """
                    INSERT INTO password_credentials (user_id, app, email_key, kdf, hash, salt, cost_n, cost_r, cost_p, created_at, updated_at)
                    VALUES (\(bind: user.uuid), \(bind: app.rawValue), \(bind: emailKey), \(bind: hash.kdf), \(bind: Data(hash.key).base64EncodedString()),
                        \(bind: Data(hash.salt).base64EncodedString()), \(bind: hash.parameters.n), \(bind: hash.parameters.r), \(bind: hash.parameters.p),
                        \(bind: now), \(bind: now))
                    """
                ).run()
                return true
            }
            guard created else { return nil }
        } catch  where error.isUniqueViolation {
            return nil
        }
        return PasswordAccount(id: user.description, email: email, name: name, createdAt: now, updatedAt: now)
    }

    /// The credential of `app`'s account with this email key, if there is one. A row whose stored
    /// values cannot be read back as a hash is treated as no credential (its password never matches).
    public func credential(app: AppID, emailKey: String) async throws -> Credential? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT user_id, kdf, hash, salt, cost_n, cost_r, cost_p FROM password_credentials
                    WHERE app = \(bind: app.rawValue) AND email_key = \(bind: emailKey)
                    """
                ).first()
            else { return nil }
            guard let key = Data(base64Encoded: try row.decode(column: "hash", as: String.self)),
                let salt = Data(base64Encoded: try row.decode(column: "salt", as: String.self))
            else { return nil }
            let parameters = PasswordHasher.Parameters(
                n: try row.decode(column: "cost_n", as: Int.self), r: try row.decode(column: "cost_r", as: Int.self),
                p: try row.decode(column: "cost_p", as: Int.self))
            return Credential(
                user: UserID(try row.uuid("user_id")),
                hash: PasswordHash(kdf: try row.decode(column: "kdf", as: String.self), parameters: parameters, salt: Array(salt), key: Array(key)))
        }
    }

    /// Replaces a user's hash (a password re-hashed at a higher cost); nothing when the account is gone.
    public func replaceHash(of user: UserID, with hash: PasswordHash) async throws {
        let now = clock.now()
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                UPDATE password_credentials SET kdf = \(bind: hash.kdf), hash = \(bind: Data(hash.key).base64EncodedString()),
                    salt = \(bind: Data(hash.salt).base64EncodedString()), cost_n = \(bind: hash.parameters.n), cost_r = \(bind: hash.parameters.r),
                    cost_p = \(bind: hash.parameters.p), updated_at = \(bind: now)
                WHERE user_id = \(bind: user.uuid)
                """
            ).run()
        }
    }
}
