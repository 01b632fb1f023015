import AppPlatform
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI
import ZiaSafety

/// `POST /households/upsert`, `GET` and `PATCH /households/by_user/{user_id}`: the caller's
/// household, normalised, with its version as `ETag`; a save applies the fields sent onto the
/// stored profile, and a `PATCH` with `If-Match` only onto the version named (else 412). Another
/// user's household is the 404 a missing one would be.
public struct HouseholdsController: Sendable {
    let households: HouseholdRepository
    let onboarding: OnboardingMetrics?

    public init(households: HouseholdRepository, onboarding: OnboardingMetrics? = nil) {
        self.households = households
        self.onboarding = onboarding
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.upsertHousehold, edited: upsert)
        api.on(ZiaRoutes.household, edited: read)
        api.on(ZiaRoutes.patchHousehold, edited: patch)
    }

    /// What a 412's message calls a household.
    static let entity = "household"

    @Sendable func upsert(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<Household> {
        try await save(request, context)
    }

    @Sendable func patch(_ request: Request, _ context: AuthenticatedContext, _ owner: HouseholdOwner) async throws -> EditedResponse<Household> {
        guard owner.userID == context.userID else { throw Self.notFound }
        return try await save(request, context)
    }

    private func save(_ request: Request, _ context: AuthenticatedContext) async throws -> EditedResponse<Household> {
        let input = try await request.decode(as: HouseholdProfile.Input.self, context: context)
        let outcome = try await households.save(input, for: context.userID, ifMatch: IfMatch(request, entity: Self.entity))
        await onboarding?.record(outcome, for: context.userID)
        return tagged(Self.household(of: context.userID, outcome.profile), updatedAt: outcome.updatedAt)
    }

    /// The caller's stored profile, or the defaults (with no `ETag`) when they have stored none.
    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ owner: HouseholdOwner) async throws -> EditedResponse<Household> {
        guard owner.userID == context.userID else { throw Self.notFound }
        guard let stored = try await households.stored(of: context.userID) else {
            return EditedResponse(status: .ok, response: Self.household(of: context.userID, .defaults))
        }
        return tagged(Self.household(of: context.userID, stored.profile), updatedAt: stored.updatedAt)
    }

    static var notFound: APIError { APIError.notFound(HouseholdOwner.notFoundName, code: HouseholdOwner.notFoundCode) }

    /// The answer of every route: the profile with how Zia reads its food rules.
    static func household(of user: UserID, _ profile: HouseholdProfile) -> Household {
        Household(userID: user, profile: profile, foodRules: FoodCheck(household: profile).rules)
    }
}
