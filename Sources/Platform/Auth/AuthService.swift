import Foundation
import Logging
import PlatformCore

/// Sign-in, refresh, sign-out and request authentication for every app: the one place that turns
/// provider identities into accounts and sessions into tokens.
public struct AuthService: Sendable {
    public let tokens: TokenService
    public let accounts: AccountRepository
    let apple: IdentityTokenVerifier
    let google: IdentityTokenVerifier
    let clientIDs: SignInClientIDs
    /// Seconds after a refresh in which the same refresh token presented again gets the same pair
    /// (``refresh(_:app:)``); 0: every second presentation revokes the session.
    public let refreshReuseGrace: TimeInterval

    public init(
        tokens: TokenService, accounts: AccountRepository, apple: IdentityTokenVerifier, google: IdentityTokenVerifier, clientIDs: SignInClientIDs,
        refreshReuseGrace: TimeInterval = 5
    ) {
        self.tokens = tokens
        self.accounts = accounts
        self.apple = apple
        self.google = google
        self.clientIDs = clientIDs
        self.refreshReuseGrace = refreshReuseGrace
    }

    /// Verifies an Apple or Google ID token and signs its owner in to `app`.
    public func signIn(with provider: IdentityProvider.Kind, idToken: String, nonce: String?, app: AppID) async throws -> TokenPair {
        let identity = try await verify(provider, idToken: idToken, nonce: nonce, app: app)
        let user = try await accounts.findOrCreateUser(app: app, provider: provider.rawValue, subject: identity.subject, email: identity.email)
        return try await startSession(user: user, app: app)
    }

    /// Checks an Apple or Google ID token for `app` (signature against the provider's keys, issuer,
    /// audience, expiry, nonce): a 401 `invalid_id_token` when it is not valid, a 503 with
    /// `Retry-After` when the provider's keys cannot be fetched.
    public func verify(_ provider: IdentityProvider.Kind, idToken: String, nonce: String?, app: AppID) async throws -> VerifiedIdentity {
        do {
            switch provider {
            case .apple: return try await apple.verify(idToken, audiences: clientIDs.apple[app] ?? [], nonce: nonce)
            case .google: return try await google.verify(idToken, audiences: clientIDs.google[app] ?? [], nonce: nonce)
            }
        } catch {
            if case .keysUnavailable = error {
                // The provider is down, not the client wrong: ask to retry rather than to re-authenticate.
                var unavailable = APIError(.serviceUnavailable, code: "identity_provider_unavailable", message: error.description)
                unavailable.headers[.retryAfter] = "30"
                throw unavailable
            }
            throw APIError.unauthorized(error.description, code: "invalid_id_token")
        }
    }

    /// Development sign-in by email alone; the caller guarantees it is only reachable in development.
    public func devSignIn(email: String, app: AppID) async throws -> TokenPair {
        let normalized = email.lowercased()
        let user = try await accounts.findOrCreateUser(app: app, provider: "dev", subject: normalized, email: normalized)
        return try await startSession(user: user, app: app)
    }

    func startSession(user: UserID, app: AppID) async throws -> TokenPair {
        let refresh = tokens.makeRefreshToken()
        let session = try await accounts.createSession(
            user: user, app: app, refreshTokenHash: TokenService.hash(refreshToken: refresh),
            expiresAt: tokens.clock.now().addingTimeInterval(tokens.lifetimes(for: app).refresh)
        )
        return try await pair(user: user, app: app, session: session, refresh: refresh, signedInAt: nil)
    }

    /// - Parameter signedInAt: the session's sign-in time (nil: now, for a new session).
    func pair(user: UserID, app: AppID, session: UUID, refresh: String, signedInAt: Date?) async throws -> TokenPair {
        TokenPair(
            accessToken: try await tokens.issueAccessToken(user: user, app: app, session: session, signedInAt: signedInAt),
            refreshToken: refresh,
            tokenType: TokenPair.bearer,
            expiresIn: Int(tokens.lifetimes(for: app).access),
            userId: user.description
        )
    }

    /// Rotates a refresh token. The same token presented again within ``refreshReuseGrace`` seconds
    /// (two tabs refreshing at once) gets the same new pair; after that, reuse of a rotated token
    /// revokes the whole session.
    public func refresh(_ refreshToken: String, app: AppID) async throws -> TokenPair {
        let next = tokens.makeRefreshToken()
        let result = try await accounts.rotate(
            refreshTokenHash: TokenService.hash(refreshToken: refreshToken), app: app,
            newHash: TokenService.hash(refreshToken: next), newExpiresAt: tokens.clock.now().addingTimeInterval(tokens.lifetimes(for: app).refresh),
            reuseGrace: refreshReuseGrace
        ) { rotating in
            let pair = try await pair(user: rotating.user, app: app, session: rotating.session, refresh: next, signedInAt: rotating.signedInAt)
            return try RefreshSuccessor.seal(pair, under: refreshToken)
        }
        switch result {
        case .rotated(let successor):
            // Always the pair as sealed, so every presentation within the window reads the same one.
            guard let pair = RefreshSuccessor.open(successor, with: refreshToken) else {
                throw APIError.unauthorized("The refresh token is not valid.", code: "invalid_refresh_token")
            }
            return pair
        case .unknown:
            throw APIError.unauthorized("The refresh token is not valid.", code: "invalid_refresh_token")
        case .expired:
            throw APIError.unauthorized("The refresh token has expired. Sign in again.", code: "refresh_token_expired")
        case .revoked:
            throw APIError.unauthorized("This session was signed out. Sign in again.", code: "session_revoked")
        case .reused:
            throw APIError.unauthorized("This refresh token was already used; the session has been revoked for safety. Sign in again.", code: "refresh_token_reused")
        }
    }

    /// Checks a bearer token for `app`: signature, expiry, audience, and that its session is live.
    public func authenticate(bearer token: String, app: AppID) async throws -> AuthIdentity {
        let identity: AuthIdentity
        do {
            identity = try await tokens.verifyAccessToken(token, app: app)
        } catch {
            switch error {
            case .expired: throw APIError.unauthorized("The access token has expired.", code: "token_expired")
            case .wrongApp: throw APIError.unauthorized("The access token was issued for another app.", code: "wrong_app")
            case .badSignature: throw APIError.unauthorized("The access token signature is invalid.", code: "invalid_token")
            case .malformed, .wrongType: throw APIError.unauthorized("The access token is malformed.", code: "invalid_token")
            case .unknownKey: throw APIError.unauthorized("The access token was not signed with a key of this server.", code: "invalid_token")
            case .issuedInFuture: throw APIError.unauthorized("The access token was issued in the future.", code: "invalid_token")
            }
        }
        guard try await accounts.isSessionActive(identity) else { throw Self.sessionRevoked() }
        return identity
    }

    /// The 401 for a token whose session was signed out, revoked, or deleted with its account.
    static func sessionRevoked() -> APIError {
        APIError.unauthorized("The session has been signed out or the account no longer exists.", code: "session_revoked")
    }
}
