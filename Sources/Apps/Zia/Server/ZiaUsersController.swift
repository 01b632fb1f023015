import AppPlatform
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI
import ZiaSafety

/// `POST /users/upsert`: the caller's account (always the token's subject).
public struct ZiaUsersController: Sendable {
    let service: ZiaUserService

    public init(service: ZiaUserService) {
        self.service = service
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.upsertUser, use: upsert)
    }

    /// A `user_id` in the body is not read: the account is the token's.
    @Sendable func upsert(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> ZiaUser {
        let update = try ZiaUserUpdate.check(try await request.decode(as: ZiaUserUpdate.Input.self, context: context)).get()
        return try await service.upsert(update, for: context.userID)
    }
}

extension ZiaUser: ResponseEncodable {}

extension Household: ResponseEncodable {}
