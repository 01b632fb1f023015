import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `GET /me` and, on development servers, `POST /dev/tier`.
public struct FareLensAccountController: Sendable {
    let accounts: FareLensAccountRepository
    /// Whether `POST /dev/tier` answers (development servers); elsewhere it is a 404 like any unknown path.
    let allowsDevTier: Bool

    public init(accounts: FareLensAccountRepository, allowsDevTier: Bool) {
        self.accounts = accounts
        self.allowsDevTier = allowsDevTier
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.me, use: me)
        api.on(FareLensRoutes.setDevTier, use: setDevTier)
    }

    @Sendable func me(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> FareLensAccount {
        try await accounts.account(for: context.userID)
    }

    @Sendable func setDevTier(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> FareLensAccount {
        guard allowsDevTier else { throw APIError.notFound("Route") }
        let tier = try DevTierRequest.check(try await request.decode(as: DevTierRequest.Input.self, context: context)).get().tier
        return try await accounts.setTier(tier, for: context.userID)
    }
}

extension FareLensAccount: ResponseEncodable {}
