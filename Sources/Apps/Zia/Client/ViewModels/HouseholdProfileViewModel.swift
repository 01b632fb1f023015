import Foundation
import Observation

/// The household profile screen: the stored profile loaded into an editable draft (adults, kids
/// with ages and dietary restrictions, allergies, cuisines, bedtime preferences), checked on the
/// device with the server's rules before saving, and every offending field marked by its JSON path
/// whether the device or the server (422) found it. Shows "Setup complete" or "Finish setup". A
/// save names the version it edited (`If-Match`): when another parent saved the household while
/// the form was open, the form's edits are put on top of theirs and shown for a second save, so
/// neither parent's change is lost.
@MainActor
@Observable
public final class HouseholdProfileViewModel {
    /// What the form edits; ``save()`` sends it.
    public var draft = HouseholdProfile.defaults
    /// The profile as the server last answered it.
    public private(set) var stored: HouseholdProfile?
    /// The stored profile's version (its `ETag`), nil while none is stored.
    private(set) var version: String?
    public private(set) var errors = FormErrors()
    public private(set) var isLoading = false
    public private(set) var isSaving = false

    let saving: HouseholdSaving

    /// - Parameter rules: the check run before sending (the server's own by default).
    public init(
        api: ZiaAPIClient, rules: @escaping @Sendable (HouseholdProfile.Input) -> Checked<HouseholdProfile> = HouseholdProfile.check
    ) {
        saving = HouseholdSaving(api: api, rules: rules)
    }

    /// Whether onboarding was completed (the profile's badge).
    public var isSetupComplete: Bool { stored?.onboardingCompleted ?? false }
    /// The badge or button (docs/zia.md, "Screens' view models"): "Setup complete" once onboarding is done, else "Finish setup".
    public var setupLabel: String { isSetupComplete ? "Setup complete" : "Finish setup" }
    /// Whether the draft differs from what is stored.
    public var hasChanges: Bool { stored.map { $0 != draft } ?? true }

    /// Loads the stored profile into the draft.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let loaded = try await saving.loadVersioned()
            stored = loaded.household.profile
            draft = loaded.household.profile
            version = loaded.version
            errors = FormErrors()
        } catch {
            errors = FormErrors(error)
        }
    }

    // MARK: Editing

    public func addKid(name: String = "", age: Int) {
        draft.kids.append(HouseholdKid(name: name.isEmpty ? HouseholdKid.defaultName(at: draft.kids.count) : name, age: age))
    }

    public func removeKid(at index: Int) {
        guard draft.kids.indices.contains(index) else { return }
        draft.kids.remove(at: index)
    }

    public func addAdult(name: String = "", role: AdultRole = .parent) {
        draft.adults.append(HouseholdAdult(name: name.isEmpty ? HouseholdAdult.defaultName(at: draft.adults.count) : name, role: role))
    }

    /// Removes an adult; the last one stays (a household always has one).
    public func removeAdult(at index: Int) {
        guard draft.adults.count > 1, draft.adults.indices.contains(index) else { return }
        draft.adults.remove(at: index)
    }

    // MARK: Checking and saving

    /// Runs the server's rules on the draft and marks what offends; true when nothing does.
    @discardableResult
    public func validate() -> Bool {
        errors = FormErrors(fields: saving.rules(draft.input).problems)
        return errors.isEmpty
    }

    /// Checks the draft, then saves it; the answer (normalised) becomes the draft. Returns whether
    /// it was saved. Onboarding's flags are kept as stored (the wizard sets them).
    @discardableResult
    public func save() async -> Bool {
        isSaving = true
        defer { isSaving = false }
        do {
            let saved = try await saving.send(draft, version: version)
            stored = saved.household.profile
            draft = saved.household.profile
            version = saved.version
            errors = FormErrors()
            return true
        } catch ClientError.conflict(412, _, _) {
            // Saved elsewhere meanwhile: this form's edits on top of the latest, for a second save.
            do {
                let latest = try await saving.loadVersioned()
                draft = HouseholdSaving.rebase(draft, from: stored ?? .defaults, onto: latest.household.profile)
                stored = latest.household.profile
                version = latest.version
                errors = FormErrors(message: "The household was changed on another device. Your edits are kept on top of that change; review them and save again.")
            } catch {
                errors = FormErrors(error)
            }
            return false
        } catch {
            errors = FormErrors(error)
            return false
        }
    }
}
