import Foundation

/// The signed-in user's household over the contract's two routes, shared by the profile screen
/// and onboarding: read as `GET /households/by_user/{me}` (the session's user), and saved only
/// after the device ran the server's own rules (``HouseholdProfile/check(_:)``), so a form marks a
/// field before anything is sent and a 422 marks it the same way.
struct HouseholdSaving: Sendable {
    let api: ZiaAPIClient
    /// The rules a profile is checked with before sending (the server's; tests swap in older ones).
    let rules: @Sendable (HouseholdProfile.Input) -> Checked<HouseholdProfile>

    /// The session's household (the defaults when none is stored).
    func load() async throws -> Household {
        guard let raw = await api.client.session.stored?.userId, let me = UserID(raw) else {
            throw ClientError.unauthorized("Sign in to see your household.")
        }
        return try await api.send(ZiaRoutes.household, HouseholdOwner(me))
    }

    /// The profile checked, then sent; what was wrong (here or at the server) as ``FormErrors``.
    func save(_ profile: HouseholdProfile) async -> Result<Household, FormErrors> {
        let checked = rules(profile.input)
        guard let normalised = checked.value else { return .failure(FormErrors(fields: checked.problems)) }
        do {
            return .success(try await api.send(ZiaRoutes.upsertHousehold, body: normalised))
        } catch {
            return .failure(FormErrors(error))
        }
    }
}
