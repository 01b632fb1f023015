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

/// `POST /{app}/auth/apple|google|refresh|sign-out|dev`: the sign-in surface every app shares.
public struct AuthController: Sendable {
    let auth: AuthService
    let app: AppID
    let allowDevSignIn: Bool
    let limiter: RateLimiter

    public init(auth: AuthService, app: AppID, allowDevSignIn: Bool, limiter: RateLimiter) {
        self.auth = auth
        self.app = app
        self.allowDevSignIn = allowDevSignIn
        self.limiter = limiter
    }

    /// Adds the routes to `group`, the group at the app's auth root (`/<app>/auth`, ``PlatformRoutes/authRoot``).
    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        let routes = PlatformRoutes(app: app)
        let open = group.group().add(middleware: rateLimit)
        open.on(routes.signIn(provider: .apple), edited: { request, context, _ in try await signIn(.apple, request: request, context: context) })
        open.on(routes.signIn(provider: .google), edited: { request, context, _ in try await signIn(.google, request: request, context: context) })
        open.on(
            routes.refresh,
            edited: { request, context, _ -> EditedResponse<TokenPair> in
                let body = try await request.decode(as: AuthRequests.Refresh.self, context: context)
                var validator = Validator()
                let token = validator.requireText(body.refreshToken, "refresh_token", maxLength: 512)
                try validator.throwIfInvalid()
                return EditedResponse(headers: [.cacheControl: "no-store"], response: try await auth.refresh(token!, app: app))
            })
        open.on(
            routes.devSignIn,
            edited: { request, context, _ -> EditedResponse<TokenPair> in
                guard allowDevSignIn else {
                    throw APIError(.notFound, code: "not_found", message: "No route for POST \(request.uri.path).")
                }
                let body = try await request.decode(as: AuthRequests.DevSignIn.self, context: context)
                var validator = Validator()
                let email = validator.requireText(body.email, "email", maxLength: 254)
                // Checked as sent (the document's pattern allows no surrounding whitespace either).
                if email != nil, let raw = body.email { validator.check(Self.looksLikeEmail(raw), "email", "must be an email address") }
                try validator.throwIfInvalid()
                return EditedResponse(headers: [.cacheControl: "no-store"], response: try await auth.devSignIn(email: email!, app: app))
            })
        group.group()
            .add(middleware: BearerAuthMiddleware(auth: auth, app: app))
            .group(context: AuthenticatedContext.self)
            .on(routes.signOut) { _, context, _ -> NoContent in
                try await auth.accounts.revokeSession(context.identity.sessionID, user: context.userID, reason: "sign_out")
                return NoContent()
            }
    }

    /// The limiter of these routes, for an app that serves a sign-in of its seed's elsewhere: both
    /// spend one budget per client address.
    public var rateLimit: RateLimitMiddleware { RateLimitMiddleware(limiter: limiter, scope: "\(app.rawValue)-auth") }

    /// Signs in with `provider`'s ID token from the body (`id_token` required, `nonce` optional;
    /// 422 naming them otherwise; a bad token 401): what `POST /<app>/auth/apple|google` answer,
    /// for an app serving the same sign-in at another path.
    public func signIn(_ provider: IdentityProvider.Kind, request: Request, context: AppRequestContext) async throws -> EditedResponse<TokenPair> {
        let body = try await request.decode(as: AuthRequests.IDToken.self, context: context)
        var validator = Validator()
        let token = validator.requireText(body.idToken, "id_token", maxLength: 8192)
        let nonce = validator.optionalText(body.nonce, "nonce", maxLength: 512)
        try validator.throwIfInvalid()
        return EditedResponse(headers: [.cacheControl: "no-store"], response: try await auth.signIn(with: provider, idToken: token!, nonce: nonce, app: app))
    }

    static func looksLikeEmail(_ text: String) -> Bool { EmailAddress.isPlausible(text) }
}

extension TokenPair: ResponseEncodable {}
