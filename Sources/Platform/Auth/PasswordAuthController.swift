import Foundation
import Hummingbird
import NIOCore
import PlatformCore

/// `POST /<app>/api/v1/auth/register|login|refresh`: email + password accounts (docs/platform/auth.md), mounted
/// (without bearer authentication) for apps whose module sets `passwordAccounts`.
///
/// - `register {"email", "name", "password"}` → 201 with the ``PasswordAccount`` (never the hash);
///   409 `email_taken` (after the same scrypt work as a new email); 422 naming every wrong field;
///   429 with `Retry-After` per email.
/// - `login`, as OAuth2's password form (`username`, `password`, form-urlencoded) or JSON
///   `{"email", "password"}` → the platform's ``TokenPair``; 401 `invalid_credentials` with
///   `WWW-Authenticate` for a wrong email or password alike; 429 with `Retry-After` per email.
/// - `refresh {"refresh_token"}` → the platform's refresh at this path.
///
/// Token pairs say `token_type` `Bearer`, as every route of the platform does.
///
/// Every route shares the platform's per-address sign-in limit (`AUTH_RATE_LIMIT_PER_MINUTE`, the
/// same budget as `/<app>/auth/*`).
public struct PasswordAuthController: Sendable {
    let accounts: PasswordAccounts
    let app: AppID
    let limiter: RateLimiter

    /// - Parameter limiter: the platform's per-address sign-in limiter.
    public init(accounts: PasswordAccounts, app: AppID, limiter: RateLimiter) {
        self.accounts = accounts
        self.app = app
        self.limiter = limiter
    }

    /// Adds the routes to `group`, which the caller places at the app's password root
    /// (`/<app>/api/v1/auth`, ``PlatformRoutes/passwordRoot``).
    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        let routes = PlatformRoutes(app: app)
        let open = group.add(middleware: RateLimitMiddleware(limiter: limiter, scope: RateLimiters.scope(app, "auth")))
        open.on(
            routes.passwordRegister,
            edited: { request, context, _ -> EditedResponse<PasswordAccount> in
                let input = try await request.decode(as: PasswordRegistration.Input.self, context: context)
                let registration = try PasswordRegistration.check(input).get()
                let account = try await accounts.register(registration, app: app)
                return EditedResponse(status: .created, headers: [.cacheControl: "no-store"], response: account)
            })
        open.on(
            routes.passwordLogin,
            edited: { request, context, _ -> EditedResponse<TokenPair> in
                let attempt = try await Self.signInAttempt(request, context: context)
                return EditedResponse(headers: [.cacheControl: "no-store"], response: try await accounts.signIn(attempt, app: app))
            })
        open.on(
            routes.passwordRefresh,
            edited: { request, context, _ -> EditedResponse<TokenPair> in
                let body = try await request.decode(as: AuthRequests.Refresh.self, context: context)
                var validator = Validator()
                let token = validator.requireText(body.refreshToken, "refresh_token", maxLength: 512)
                try validator.throwIfInvalid()
                return EditedResponse(headers: [.cacheControl: "no-store"], response: try await accounts.auth.refresh(token!, app: app))
            })
    }

    /// The sign-in as sent: OAuth2's form when the body is `application/x-www-form-urlencoded`
    /// (`grant_type`, when present, must be `password`; `scope`, `client_id` and `client_secret` are
    /// ignored), JSON otherwise.
    static func signInAttempt(_ request: Request, context: AppRequestContext) async throws -> PasswordSignIn {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else {
            let input = try await request.decode(as: PasswordSignIn.Input.self, context: context)
            return try PasswordSignIn.check(input).get()
        }
        let body = try await request.collectBody(upTo: context.maxBodyBytes)
        guard let fields = FormURLEncoded.parse(Data(body.readableBytesView)) else {
            throw APIError.badRequest("The request body is not valid application/x-www-form-urlencoded.", code: "malformed_form")
        }
        var validator = Validator()
        if let grant = fields["grant_type"], grant != "password" {
            validator.fail("grant_type", "must be password")
        }
        let checked = PasswordSignIn.check(.init(email: fields["username"], password: fields["password"]), emailField: "username")
        for problem in checked.problems { validator.fail(problem.field, problem.message) }
        try validator.throwIfInvalid()
        return try checked.get()
    }
}

extension PasswordAccount: ResponseEncodable {}
