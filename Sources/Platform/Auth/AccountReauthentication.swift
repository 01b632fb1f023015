import Foundation
import PlatformCore

/// Decides whether a request to delete an account comes from someone who has just proved, again,
/// that they own it (docs/platform/auth.md; App Store guideline 5.1.1(v)). Proof is either
/// - a body (``AccountDeletionRequest``): an Apple or Google identity token, checked exactly as a
///   sign-in checks it, that belongs to the same account as the bearer token — or, on development
///   servers only (where `POST /<app>/auth/dev` exists), the account's development email; or
/// - no body, and a session signed in within ``maxSignInAge`` (the access token's `auth_time`: a
///   token renewed by a refresh does not count, since a refresh token proves no one is present).
///
/// Anything else is a 401 whose `WWW-Authenticate` challenge says `insufficient_user_authentication`
/// (RFC 9470), so a client knows to sign the user in again rather than to refresh its token.
public struct AccountReauthentication: Sendable {
    let auth: AuthService
    let allowDevSignIn: Bool
    let clock: any TimeSource

    /// How long after a sign-in an account may be deleted without a body.
    public static let maxSignInAge: TimeInterval = 5 * 60

    /// The challenge of every refusal, as RFC 9470 words it.
    public static let challenge = #"Bearer error="insufficient_user_authentication", error_description="Re-authentication required: sign in again to delete the account""#

    /// The error code of every refusal.
    public static let errorCode = "reauthentication_required"

    /// - Parameter allowDevSignIn: whether this server offers development sign-in (and so accepts
    ///   `provider: dev`).
    public init(auth: AuthService, allowDevSignIn: Bool, clock: any TimeSource) {
        self.auth = auth
        self.allowDevSignIn = allowDevSignIn
        self.clock = clock
    }

    /// The 401 for a deletion without sufficient proof; `reason` says what was missing.
    public static func required(_ reason: String) -> APIError {
        var error = APIError(.unauthorized, code: errorCode, message: "Re-authentication required: \(reason)")
        error.headers[.wwwAuthenticate] = challenge
        return error
    }

    /// Returns when `proof` (or, without one, the session's sign-in time) shows that `identity`'s
    /// user has just signed in again; throws the 401 otherwise (or a 503 when the provider's keys are
    /// unreachable).
    public func verify(_ proof: AccountDeletionRequest?, for identity: AuthIdentity) async throws {
        guard let proof else {
            guard let signedInAt = identity.signedInAt, clock.now().timeIntervalSince(signedInAt) <= Self.maxSignInAge else {
                throw Self.required("sign in again (or send the identity token of a new sign-in) to delete the account.")
            }
            return
        }
        let owner: UserID?
        switch proof.provider {
        case .dev:
            guard allowDevSignIn else {
                throw Self.required("development re-authentication is only accepted by development servers; sign in again with Apple or Google.")
            }
            owner = try await auth.accounts.findUser(app: identity.app, provider: "dev", subject: (proof.email ?? "").lowercased())
        case .apple, .google:
            let kind: IdentityProvider.Kind = proof.provider == .apple ? .apple : .google
            let verified: VerifiedIdentity
            do {
                verified = try await auth.verify(kind, idToken: proof.idToken ?? "", nonce: proof.nonce, app: identity.app)
            } catch let error as APIError where error.status == .unauthorized {
                throw Self.required("the identity token was refused (\(error.message))")
            }
            owner = try await auth.accounts.findUser(app: identity.app, provider: kind.rawValue, subject: verified.subject)
        }
        guard owner == identity.userID else {
            throw Self.required("the new sign-in is not for this account.")
        }
    }
}
