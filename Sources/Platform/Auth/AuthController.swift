import Foundation
import Hummingbird
import Persistence
import PlatformCore

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

    /// The limiter of these routes, for an app that serves a sign-in of its own elsewhere (docs/platform/auth.md): both
    /// spend one budget per client address.
    public var rateLimit: RateLimitMiddleware { RateLimitMiddleware(limiter: limiter, scope: RateLimiters.scope(app, "auth")) }

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
