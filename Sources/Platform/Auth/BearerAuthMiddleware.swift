import Foundation
import Hummingbird
import Persistence
import PlatformCore

/// Authenticates every request behind it with `Authorization: Bearer <access token>` for one app.
/// Anything else — no header, several headers, `Basic`, a token over 8 KB (refused before it is
/// parsed), a bad or expired token, another app's token, a revoked session — is a 401 with
/// `WWW-Authenticate: Bearer`. (A header section over the server's limits never gets here: 431.)
///
/// It is also the one place that settles requests whose account disappears while they run (a write
/// racing `DELETE /users/me`): ``OwnerGone`` (from a write's ``Database/transaction(owner:_:)``), or
/// any failure that is not already an API error while the account is gone by then, and a 404, 409 or
/// 422 computed from an account deleted halfway through, are answered 401 (the session went with the
/// account); a foreign-key violation otherwise — the write pointed at something deleted meanwhile —
/// is a 404. Neither is ever a 500.
public struct BearerAuthMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    let auth: AuthService
    let app: AppID

    public init(auth: AuthService, app: AppID) {
        self.auth = auth
        self.app = app
    }

    /// The longest `Authorization` value looked at. Access tokens are a few hundred bytes; anything
    /// much longer is refused before it is split, decoded or verified.
    public static let maxAuthorizationBytes = 8 * 1024

    public func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        let fields = request.headers[fields: .authorization]
        guard let field = fields.first else {
            throw APIError.credentialsRequired("Authentication required: send Authorization: Bearer <access token>.")
        }
        guard fields.count == 1 else {
            throw APIError.unauthorized("Send exactly one Authorization header.", code: "invalid_token")
        }
        let header = field.value
        guard header.utf8.count <= Self.maxAuthorizationBytes else {
            throw APIError.unauthorized("The access token is too long.", code: "token_too_long")
        }
        guard let token = BearerCredentials.token(in: header) else {
            if header.split(separator: " ").first?.lowercased() == "bearer" {
                throw APIError.credentialsRequired("Authentication required: the Bearer scheme came without a token.")
            }
            throw APIError.credentialsRequired("Only Bearer authentication is supported.", code: "unsupported_scheme")
        }
        var context = context
        let identity = try await auth.authenticate(bearer: String(token), app: app)
        context.identity = identity
        do {
            return try await next(request, context)
        } catch let error as APIError where [.notFound, .conflict, .unprocessableContent].contains(error.status) {
            // A domain answer computed from an account deleted halfway through (a vault read in
            // pieces, say) is about an account that no longer exists: the session went with it.
            if await accountGone(identity) { throw AuthService.sessionRevoked() }
            throw error
        } catch let error where !(error is any HTTPResponseError) {
            throw await settle(error, of: identity)
        }
    }

    /// True when `identity`'s account is known to be deleted (false when that cannot be told).
    func accountGone(_ identity: AuthIdentity) async -> Bool {
        (try? await auth.accounts.profile(identity.userID) == nil) ?? false
    }

    /// What an unexpected failure of `identity`'s request should answer (see the type's notes).
    func settle(_ failure: any Error, of identity: AuthIdentity) async -> any Error {
        if failure is OwnerGone { return AuthService.sessionRevoked() }
        if await accountGone(identity) { return AuthService.sessionRevoked() }
        if failure.isForeignKeyViolation {
            return APIError(.notFound, code: "not_found", message: "Something this request refers to no longer exists.")
        }
        return failure
    }
}
