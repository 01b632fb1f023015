import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

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
        let update = try ZiaUserUpdate.check(try await request.decode(as: ZiaUserUpdate.self, context: context)).get()
        return try await service.upsert(update, for: context.userID)
    }
}

/// `POST /households/upsert` and `GET /households/by_user/{user_id}`: the caller's household,
/// normalised; another user's is the 404 a missing one would be.
public struct HouseholdsController: Sendable {
    let households: HouseholdRepository
    let onboarding: OnboardingMetrics?

    public init(households: HouseholdRepository, onboarding: OnboardingMetrics? = nil) {
        self.households = households
        self.onboarding = onboarding
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.upsertHousehold, use: upsert)
        api.on(ZiaRoutes.household, use: read)
    }

    @Sendable func upsert(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Household {
        let profile = try HouseholdProfile.check(try await request.decode(as: HouseholdProfile.Input.self, context: context)).get()
        let outcome = try await households.save(profile, for: context.userID)
        await onboarding?.record(outcome, for: context.userID)
        return Household(userID: context.userID, profile: profile)
    }

    /// The caller's stored profile, or the defaults when they have stored none.
    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ owner: HouseholdOwner) async throws -> Household {
        guard owner.userID == context.userID else { throw APIError.notFound(HouseholdOwner.notFoundName, code: HouseholdOwner.notFoundCode) }
        return Household(userID: context.userID, profile: try await households.profile(of: context.userID) ?? .defaults)
    }
}

extension ZiaUser: ResponseEncodable {}
extension Household: ResponseEncodable {}
