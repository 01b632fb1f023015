import Auth
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// Zia's routes without a token under `/zia/v1`: `GET /health` and `POST /auth/apple` (docs/zia.md, "API")
/// (the platform's Apple sign-in with its limiter, answering the token pair plus `jwt`).
public struct ZiaPublicController: Sendable {
    let health: ZiaHealthCheck
    /// The platform's sign-in; nil on a server built without it (the alias then answers 404).
    let signIn: AuthController?

    public init(health: ZiaHealthCheck, signIn: AuthController?) {
        self.health = health
        self.signIn = signIn
    }

    public func addRoutes(to open: RouterGroup<AppRequestContext>) {
        open.on(ZiaRoutes.health, edited: { _, _, _ in await health.publicHealth() })
        let limited = signIn.map { open.group().add(middleware: $0.rateLimit) } ?? open.group()
        limited.on(
            ZiaRoutes.appleSignIn,
            edited: { request, context, _ -> EditedResponse<ZiaAppleSession> in
                guard let signIn else { throw APIError.notFound("Route") }
                let pair = try await signIn.signIn(.apple, request: request, context: context)
                return EditedResponse(status: pair.status, headers: pair.headers, response: ZiaAppleSession(tokens: pair.responseGenerator))
            })
    }
}

extension ZiaAppleSession: ResponseEncodable {}
