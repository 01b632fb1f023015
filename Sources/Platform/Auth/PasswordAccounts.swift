import Foundation
import Persistence
import PlatformCore
import SQLKit

/// Email + password accounts for the apps that offer them (docs/platform/auth.md): registration, sign-in into
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
