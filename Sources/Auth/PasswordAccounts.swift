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

/// Email + password accounts for the apps that offer them (seed 003): registration, sign-in into
/// the platform's sessions and tokens, and the rules around them — emails unique per app ignoring
/// letter case, scrypt hashes, one answer for a wrong email and a wrong password (with the same
/// work done for both), the same scrypt work for a registration whether or not the email is taken,
/// and registrations and sign-in attempts limited per email whatever the client address (the
/// per-address limit is the platform's sign-in limit, applied to the routes).
public struct PasswordAccounts: Sendable {
    let auth: AuthService
    public let credentials: PasswordCredentialRepository
    public let hasher: PasswordHasher
    /// Registrations and sign-in attempts per email: `register|app|email key`, `login|app|email key`
    /// (one budget of each per email).
    let emailLimiter: RateLimiter

    /// - Parameters:
    ///   - hasher: the cost of new hashes (tests use a cheaper one).
    ///   - emailLimiter: registrations, and sign-in attempts, allowed per email across every client
    ///     address (each action its own budget of this size).
    public init(auth: AuthService, credentials: PasswordCredentialRepository, hasher: PasswordHasher, emailLimiter: RateLimiter) {
        self.auth = auth
        self.credentials = credentials
        self.hasher = hasher
        self.emailLimiter = emailLimiter
    }

    /// What makes two emails the same account: trimmed, in Unicode normalisation form C, lower-cased.
    public static func emailKey(_ email: String) -> String {
        email.trimmedOfWhitespace.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// The one 401 for a wrong email or a wrong password.
    public static func invalidCredentials() -> APIError {
        APIError(
            .unauthorized, code: "invalid_credentials", message: "Incorrect email or password.",
            headers: [.wwwAuthenticate: #"Bearer realm="api", error_description="Incorrect email or password""#])
    }

    /// Creates an account for `app`; a 409 `email_taken` when the app has one with this email in
    /// any letter case, a 429 with `Retry-After` once the email's registrations are spent.
    ///
    /// The password is hashed before anything is asked of the database, so a taken email costs the
    /// same scrypt work (and one transaction) as a new one, and the answer's timing does not tell
    /// which emails have accounts.
    public func register(_ registration: PasswordRegistration, app: AppID) async throws -> PasswordAccount {
        let key = Self.emailKey(registration.email)
        try await limit(.register, app: app, emailKey: key)
        let hash = try await hasher.hash(registration.password)
        guard let account = try await credentials.createAccount(app: app, email: registration.email, emailKey: key, name: registration.name, hash: hash) else {
            throw Self.emailTaken()
        }
        return account
    }

    static func emailTaken() -> APIError {
        APIError(
            .conflict, code: "email_taken", message: "An account with this email already exists.",
            fields: [FieldError(field: "email", message: "is already registered")])
    }

    /// What an email's attempts are counted for, each with its own budget.
    enum Action: String {
        case register, login
    }

    /// Takes one of the email's attempts at `action`; a 429 with `Retry-After` once they are spent.
    func limit(_ action: Action, app: AppID, emailKey: String) async throws {
        if let retryAfter = await emailLimiter.acquire("\(action.rawValue)|\(app.rawValue)|\(emailKey)") {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
    }

    /// Checks the email and password and starts a session of `app`: the platform's token pair. A 429
    /// with `Retry-After` once the email's attempts are spent, a 401 (``invalidCredentials()``) for a
    /// wrong email or password — after the same scrypt work either way.
    public func signIn(_ attempt: PasswordSignIn, app: AppID) async throws -> TokenPair {
        let key = Self.emailKey(attempt.email)
        try await limit(.login, app: app, emailKey: key)
        guard let credential = try await credentials.credential(app: app, emailKey: key) else {
            await hasher.decoy(attempt.password)
            throw Self.invalidCredentials()
        }
        guard await hasher.verify(attempt.password, against: credential.hash) else {
            throw Self.invalidCredentials()
        }
        if hasher.needsRehash(credential.hash), let stronger = try? await hasher.hash(attempt.password) {
            // Best effort: the sign-in succeeds whether or not the stronger hash is stored.
            try? await credentials.replaceHash(of: credential.user, with: stronger)
        }
        return try await auth.startSession(user: credential.user, app: app)
    }
}
