import Foundation

/// The signed-in user's household over the contract's two routes, shared by the profile screen,
/// onboarding and a plan's rule card: read as `GET /households/by_user/{me}` (the session's user)
/// with its version (`ETag`), and saved only after the device ran the server's own rules
/// (``HouseholdProfile/check(_:)``), so a form marks a field before anything is sent and a 422
/// marks it the same way. A save that names the version it edited (`If-Match`) cannot overwrite
/// what another parent saved meanwhile: the server answers 412 and nothing is lost.
struct HouseholdSaving: Sendable {
    let api: ZiaAPIClient
    /// The rules a profile is checked with before sending (the server's; tests swap in older ones).
    let rules: @Sendable (HouseholdProfile.Input) -> Checked<HouseholdProfile>

    /// A household as read or saved, with its version: nil while none is stored.
    struct Versioned: Sendable {
        var household: Household
        var version: String?
    }

    /// The session's household (the defaults when none is stored).
    func load() async throws -> Household { try await loadVersioned().household }

    /// The session's household with its version.
    func loadVersioned() async throws -> Versioned {
        guard let raw = await api.client.session.stored?.userId, let me = UserID(raw) else {
            throw ClientError.unauthorized("Sign in to see your household.")
        }
        let response = try await api.client.response(ZiaRoutes.household, HouseholdOwner(me), body: nil)
        return Versioned(household: try api.client.decode(response, of: ZiaRoutes.household), version: response.header(PreconditionHeaders.eTag))
    }

    /// The profile checked, then sent; what was wrong (here or at the server) as ``FormErrors``.
    func save(_ profile: HouseholdProfile) async -> Result<Household, FormErrors> {
        do {
            return .success(try await send(profile, version: nil).household)
        } catch {
            return .failure(FormErrors(error))
        }
    }

    /// The profile checked, then sent with `If-Match: version` when given: a 422 as
    /// ``ClientError/validation(message:fields:)`` (the device's check too), a household changed
    /// since that version as ``ClientError/conflict(status:code:message:)`` with status 412.
    func send(_ profile: HouseholdProfile, version: String?) async throws -> Versioned {
        let checked = rules(profile.input)
        guard let normalised = checked.value else { throw ClientError.validation(message: "Check the highlighted fields.", fields: checked.problems) }
        let headers = version.map { [PreconditionHeaders.ifMatch: $0] } ?? [:]
        let response = try await api.client.response(ZiaRoutes.upsertHousehold, NoParameter(), body: normalised, headers: headers)
        return Versioned(household: try api.client.decode(response, of: ZiaRoutes.upsertHousehold), version: response.header(PreconditionHeaders.eTag))
    }

    /// Applies `edit` to the stored household and saves it under the version it read; when another
    /// save came in between (412), reads again and applies `edit` again, up to three times — so an
    /// edit that adds to a field ("add sesame") never erases what someone else saved.
    func update(_ edit: @Sendable (inout HouseholdProfile) -> Void) async throws -> Household {
        for attempt in 1...3 {
            let current = try await loadVersioned()
            var profile = current.household.profile
            edit(&profile)
            do {
                return try await send(profile, version: current.version).household
            } catch ClientError.conflict(412, _, _) where attempt < 3 {
                continue
            }
        }
        throw ClientError.conflict(status: 412, code: "precondition_failed", message: "The household kept changing; try again.")
    }

    /// `draft`'s edits (what it changed from `base`) on top of `latest`: what a form keeps when
    /// another device saved the household while it was open. Lists merge item by item — allergies
    /// and cuisines by their text, kids and adults by name — so an allergy one parent added and a
    /// kid the other added both stay; a field that is one value takes the form's when it changed it.
    static func rebase(_ draft: HouseholdProfile, from base: HouseholdProfile, onto latest: HouseholdProfile) -> HouseholdProfile {
        var merged = latest
        merged.adults = Self.merged(draft.adults, base: base.adults, latest: latest.adults) { $0.name.lowercased() }
        // A kid both devices changed: the form's name and age, and both devices' restrictions.
        merged.kids = Self.merged(draft.kids, base: base.kids, latest: latest.kids, key: { $0.name.lowercased() }) { edited, original, theirs in
            var kid = edited
            kid.dietaryRestrictions = Self.merged(edited.dietaryRestrictions, base: original.dietaryRestrictions, latest: theirs.dietaryRestrictions) {
                $0.lowercased()
            }
            return kid
        }
        merged.allergies = Self.merged(draft.allergies, base: base.allergies, latest: latest.allergies) { $0.lowercased() }
        merged.cuisines = Self.merged(draft.cuisines, base: base.cuisines, latest: latest.cuisines) { $0.lowercased() }
        if draft.bedtimePreferences != base.bedtimePreferences { merged.bedtimePreferences = draft.bedtimePreferences }
        if draft.onboardingCompleted != base.onboardingCompleted { merged.onboardingCompleted = draft.onboardingCompleted }
        if draft.onboardingVersion != base.onboardingVersion { merged.onboardingVersion = draft.onboardingVersion }
        return merged
    }

    /// `latest` with `draft`'s changes from `base`: the items it removed gone, the ones it changed in
    /// their changed form, the ones it added appended — items matched by `key`.
    static func merged<T: Equatable>(
        _ draft: [T], base: [T], latest: [T], key: (T) -> String, combining combine: ((_ edited: T, _ original: T, _ theirs: T) -> T)? = nil
    ) -> [T] {
        let before = Dictionary(base.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(draft.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var result: [T] = []
        for item in latest {
            let name = key(item)
            if before[name] != nil, after[name] == nil { continue }
            if let edited = after[name], let original = before[name], edited != original {
                result.append(combine?(edited, original, item) ?? edited)
            } else {
                result.append(item)
            }
        }
        for item in draft where before[key(item)] == nil && !result.contains(where: { key($0) == key(item) }) { result.append(item) }
        return result
    }
}
