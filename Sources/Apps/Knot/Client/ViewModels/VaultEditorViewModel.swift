import Foundation
import Observation

/// "Edit Profile" (docs/knot.md, "Client SDK and `knot` CLI"): loads the stored vault, lets every section be changed, shows
/// each section's problems as the user edits — decided by the contract's ``VaultRules``, the very
/// rules the server applies to `PUT /vault` — never sends a vault those rules refuse, and saves the
/// whole vault with `PUT /knot/api/v1/vault`, milestones keeping their IDs (so their reminders and
/// recommendations stay attached). A save names the version it edited (`If-Match`, the tag of the
/// loaded vault's `updated_at`): when the vault was saved on another device meanwhile, the server
/// answers 412 and changes nothing, and the editor loads the latest vault with the user's edits on
/// top of it (``errors`` says so) for a second save, so neither device's change is lost unseen.
@MainActor
@Observable
public final class VaultEditorViewModel {
    /// Where loading the vault stands.
    public enum LoadState: Sendable, Equatable {
        case idle, loading, loaded
        /// No vault yet: onboarding first.
        case notFound
        case failed(String)
    }

    public private(set) var loadState: LoadState = .idle
    /// The vault as the server last returned it.
    public private(set) var original: Vault?
    /// The vault being edited (nil until loaded). Every field can be changed directly; the helpers
    /// below apply the selection limits the onboarding screens apply.
    public var draft: VaultDraft? {
        didSet { if draft != oldValue, !errors.fields.isEmpty { errors = FormErrors(message: errors.message) } }
    }
    public private(set) var isSaving = false
    /// What the last save got wrong: the fields the rules or the server's 422 refused, by JSON path
    /// (forgotten at the next edit, when ``problems`` decides again), or the line of a failure that
    /// names no field (``ScreenText``), kept until the next save.
    public private(set) var errors = FormErrors()
    /// The vault as saved by the last successful save.
    public private(set) var savedVault: Vault?
    /// The most recent refused selection (a 6th interest, say), for a shake or a toast.
    public private(set) var rejectionMessage: String?

    let api: KnotAPIClient

    public init(api: KnotAPIClient) { self.api = api }

    /// Loads the stored vault into ``draft``.
    public func load() async {
        loadState = .loading
        do {
            let vault = try await api.send(KnotRoutes.vault)
            original = vault
            draft = vault.draft
            loadState = .loaded
        } catch KnotError.notFound {
            loadState = .notFound
        } catch {
            loadState = .failed(ScreenText.message(error))
        }
    }

    /// Whether the draft differs from the stored vault.
    public var hasChanges: Bool {
        guard let draft, let original else { return false }
        return draft != original.draft
    }

    /// Every rule the draft breaks, as the server would report it on `PUT` (milestone IDs must be
    /// the vault's own), followed by the fields the last save refused that these rules do not name.
    public var problems: [FieldError] {
        guard let draft else { return [] }
        let local = VaultRules.check(VaultInput(draft), existingMilestoneIDs: Set(original?.milestones.map(\.id) ?? [])).problems
        let refused = errors.fields.sorted { $0.key < $1.key }.map { FieldError(field: $0.key, message: $0.value) }
        return local + refused.filter { !local.contains($0) }
    }

    /// The problems of one section, for the message under it.
    public func problems(in section: VaultSection) -> [FieldError] {
        problems.filter { VaultSection.section(forField: $0.field) == section }
    }

    /// The sections that have problems, in screen order.
    public var sectionsWithProblems: [VaultSection] {
        let broken = Set(problems.map { VaultSection.section(forField: $0.field) })
        return VaultSection.allCases.filter(broken.contains)
    }

    /// Save is enabled when something changed, nothing is being sent, and the rules pass.
    public var canSave: Bool { hasChanges && !isSaving && problems.isEmpty }

    /// Sends the draft with `PUT /vault`. A draft the rules refuse is not sent; its fields, or those
    /// of the server's 422, are ``errors`` (and shown per section through ``problems``).
    /// Returns whether the vault was saved.
    @discardableResult
    public func save() async -> Bool {
        guard let draft, !isSaving else { return false }
        let local = VaultRules.check(VaultInput(draft), existingMilestoneIDs: Set(original?.milestones.map(\.id) ?? []))
        if case .invalid(let fields) = local {
            errors = FormErrors(fields: fields)
            return false
        }
        isSaving = true
        errors = FormErrors()
        defer { isSaving = false }
        let version = original.map { [PreconditionHeaders.ifMatch: EntityTag(updatedAt: $0.updatedAt).description] } ?? [:]
        do {
            let saved = try await api.send(KnotRoutes.updateVault, body: draft, headers: version)
            original = saved
            savedVault = saved
            self.draft = saved.draft
            return true
        } catch KnotError.conflict(412, let code, let message) {
            await reloadAfterConflict(keeping: draft, refusal: .conflict(status: 412, code: code, message: message))
            return false
        } catch {
            errors = FormErrors(error)
            return false
        }
    }

    /// Puts the stored vault back into the draft.
    public func discardChanges() {
        draft = original?.draft
        errors = FormErrors()
    }

    /// What ``errors`` says after a save refused because the vault changed elsewhere.
    public static let changedElsewhere =
        "Your partner's vault was changed on another device. The latest version is loaded with your edits on top of it: review them and save again."

    /// After a 412: the latest vault becomes ``original`` and `edited` is put on top of it
    /// (``rebase(_:from:onto:)``), with ``changedElsewhere`` as the error. When the latest cannot
    /// be read, the draft stays and the error is the server's refusal.
    private func reloadAfterConflict(keeping edited: VaultDraft, refusal: KnotError) async {
        let base = original?.draft
        do {
            let latest = try await api.send(KnotRoutes.vault)
            original = latest
            draft = base.map { Self.rebase(edited, from: $0, onto: latest.draft) } ?? latest.draft
            errors = FormErrors(message: Self.changedElsewhere)
        } catch {
            errors = FormErrors(refusal)
        }
    }

    /// `edited`'s changes from `base` (the vault it was loaded from) on top of `latest`, field by
    /// field: a field the user changed keeps their value, every other one takes the latest. A list
    /// (interests, milestones, …) is one field; a milestone kept from `base` that `latest` no longer
    /// has shows as a problem (``problems``) rather than being sent.
    nonisolated static func rebase(_ edited: VaultDraft, from base: VaultDraft, onto latest: VaultDraft) -> VaultDraft {
        var merged = latest
        func keepEdit<Value: Equatable>(_ field: WritableKeyPath<VaultDraft, Value>) {
            if edited[keyPath: field] != base[keyPath: field] { merged[keyPath: field] = edited[keyPath: field] }
        }
        keepEdit(\.partnerName)
        keepEdit(\.relationshipTenureMonths)
        keepEdit(\.cohabitationStatus)
        keepEdit(\.locationCity)
        keepEdit(\.locationState)
        keepEdit(\.locationCountry)
        keepEdit(\.interests)
        keepEdit(\.dislikes)
        keepEdit(\.milestones)
        keepEdit(\.vibes)
        keepEdit(\.budgets)
        keepEdit(\.loveLanguages)
        return merged
    }

    // MARK: Editing helpers (the onboarding screens' selection rules)

    /// Selects or deselects an interest; a 6th is refused (returns false), and a new interest stops
    /// being a dislike.
    @discardableResult
    public func toggleInterest(_ name: String) -> Bool {
        guard var draft else { return false }
        guard let interest = KnotCatalog.interest(named: name) else { return reject("\(name) is not an interest category.") }
        if let index = draft.interests.firstIndex(of: interest) {
            draft.interests.remove(at: index)
        } else {
            guard draft.interests.count < VaultLimits.categoryCount else { return reject("You already picked \(VaultLimits.categoryCount) interests.") }
            draft.interests.append(interest)
            draft.dislikes.removeAll { $0 == interest }
        }
        rejectionMessage = nil
        self.draft = draft
        return true
    }

    /// Selects or deselects a dislike; an interest or a 6th dislike is refused.
    @discardableResult
    public func toggleDislike(_ name: String) -> Bool {
        guard var draft else { return false }
        guard let interest = KnotCatalog.interest(named: name) else { return reject("\(name) is not an interest category.") }
        if let index = draft.dislikes.firstIndex(of: interest) {
            draft.dislikes.remove(at: index)
        } else {
            guard !draft.interests.contains(interest) else { return reject("\(interest) is already an interest.") }
            guard draft.dislikes.count < VaultLimits.categoryCount else { return reject("You already picked \(VaultLimits.categoryCount) dislikes.") }
            draft.dislikes.append(interest)
        }
        rejectionMessage = nil
        self.draft = draft
        return true
    }

    /// Selects or deselects a vibe; a 5th is refused.
    @discardableResult
    public func toggleVibe(_ vibe: Vibe) -> Bool {
        guard var draft else { return false }
        if let index = draft.vibes.firstIndex(of: vibe) {
            draft.vibes.remove(at: index)
        } else {
            guard draft.vibes.count < VaultLimits.vibeCount.upperBound else { return reject("Pick at most \(VaultLimits.vibeCount.upperBound) vibes.") }
            draft.vibes.append(vibe)
        }
        rejectionMessage = nil
        self.draft = draft
        return true
    }

    /// Sets a tier's range in cents; a maximum below the minimum is raised to it (as onboarding does).
    public func setBudget(min: Int, max: Int, for occasion: OccasionType) {
        guard var draft, let index = draft.budgets.firstIndex(where: { $0.occasionType == occasion }) else { return }
        draft.budgets[index].minAmount = Swift.max(0, min)
        draft.budgets[index].maxAmount = Swift.max(max, draft.budgets[index].minAmount)
        self.draft = draft
    }

    /// Chooses the primary love language; one equal to the secondary swaps the two.
    public func selectPrimaryLoveLanguage(_ language: LoveLanguage) {
        guard var draft else { return }
        if draft.loveLanguages.secondary == language { draft.loveLanguages.secondary = draft.loveLanguages.primary }
        draft.loveLanguages.primary = language
        self.draft = draft
    }

    /// Chooses the secondary love language; the primary is refused.
    @discardableResult
    public func selectSecondaryLoveLanguage(_ language: LoveLanguage) -> Bool {
        guard var draft else { return false }
        guard language != draft.loveLanguages.primary else { return reject("The secondary love language must differ from the primary.") }
        draft.loveLanguages.secondary = language
        rejectionMessage = nil
        self.draft = draft
        return true
    }

    /// Adds a milestone (without an ID: the server gives it one).
    public func addMilestone(_ milestone: MilestoneDraft) {
        var milestone = milestone
        milestone.id = nil
        draft?.milestones.append(milestone)
    }

    /// Replaces the milestone at `index`, keeping its ID.
    public func updateMilestone(at index: Int, _ change: (inout MilestoneDraft) -> Void) {
        guard var draft, draft.milestones.indices.contains(index) else { return }
        let id = draft.milestones[index].id
        change(&draft.milestones[index])
        draft.milestones[index].id = id
        self.draft = draft
    }

    /// Removes the milestone at `index` (removing the birthday leaves a problem to fix).
    public func removeMilestone(at index: Int) {
        guard let draft, draft.milestones.indices.contains(index) else { return }
        self.draft?.milestones.remove(at: index)
    }

    private func reject(_ message: String) -> Bool {
        rejectionMessage = message
        return false
    }
}
