import Foundation
import Observation

/// The onboarding wizard (docs/zia.md, "Screens' view models"): Welcome → Kids → Allergies/Preferences → Bedtime, with a
/// progress of step/4, Back that keeps what was entered and Next gated by the step's own fields
/// (the server's rules, run on the device). Submitting saves the account (display name, time
/// zone, beta cohort) and the household with `onboarding_completed` and the wizard's version, then
/// asks for the first task. ``checkStatus()`` decides at launch whether to show it at all.
@MainActor
@Observable
public final class OnboardingViewModel {
    /// The wizard's version, stored as `onboarding_version`: a profile completed under an older
    /// version sees the wizard again.
    nonisolated public static let currentVersion = 1

    public private(set) var step: OnboardingStep = .welcome
    /// The household being built (prefilled from the stored one when re-run).
    public var profile = HouseholdProfile.defaults
    // The welcome step's account fields.
    public var displayName = ""
    /// An IANA name; the device's zone by default.
    public var timeZone: String
    /// The cohort the app was distributed to (a TestFlight group), if any.
    public var betaCohort: String?

    public private(set) var errors = FormErrors()
    public private(set) var isSubmitting = false
    /// Set once the household is saved: the wizard then asks for the first task.
    public private(set) var isCompleted = false
    /// The user's choice after completing; the app navigates by it.
    public private(set) var firstTask: FirstTask?
    /// Whether the app shows the wizard (false until ``checkStatus()`` found it needed).
    public private(set) var shouldShowOnboarding = false
    public private(set) var isCheckingStatus = false

    let saving: HouseholdSaving

    public init(
        api: ZiaAPIClient, timeZone: String = TimeZone.current.identifier, betaCohort: String? = nil,
        rules: @escaping @Sendable (HouseholdProfile.Input) -> Checked<HouseholdProfile> = HouseholdProfile.check
    ) {
        saving = HouseholdSaving(api: api, rules: rules)
        self.timeZone = timeZone
        self.betaCohort = betaCohort
    }

    /// 1-based, for the progress bar.
    public var stepNumber: Int { step.rawValue + 1 }
    public var totalSteps: Int { OnboardingStep.allCases.count }
    public var progress: Double { Double(stepNumber) / Double(totalSteps) }
    public var canGoBack: Bool { step != .welcome && !isSubmitting }
    public var isLastStep: Bool { step == .bedtime }

    /// Whether a stored profile still needs the wizard: not completed, or completed under an older one.
    nonisolated public static func needsOnboarding(_ profile: HouseholdProfile) -> Bool {
        !profile.onboardingCompleted || profile.onboardingVersion < currentVersion
    }

    /// At launch: reads the stored profile and sets ``shouldShowOnboarding`` (and prefills the
    /// wizard with it). When the profile cannot be read the wizard is not forced on the user.
    public func checkStatus() async {
        isCheckingStatus = true
        defer { isCheckingStatus = false }
        do {
            let stored = try await saving.load().profile
            profile = stored
            shouldShowOnboarding = Self.needsOnboarding(stored)
        } catch {
            errors = FormErrors(error)
            shouldShowOnboarding = false
        }
    }

    /// Re-runs the wizard from the profile screen, prefilled with `stored`, from the first step.
    public func rerun(from stored: HouseholdProfile) {
        profile = stored
        step = .welcome
        isCompleted = false
        firstTask = nil
        errors = FormErrors()
        shouldShowOnboarding = true
    }

    // MARK: Steps

    /// The current step's problems, by the server's rules (account rules on Welcome).
    public func problems(of step: OnboardingStep) -> FormErrors {
        let fields = step == .welcome ? ZiaUserUpdate.check(accountUpdate.input).problems : saving.rules(profile.input).problems
        return FormErrors(fields: fields).only(step.fields)
    }

    /// Moves on when the current step's fields pass; marks them otherwise. Returns whether it moved.
    @discardableResult
    public func next() -> Bool {
        errors = problems(of: step)
        guard errors.isEmpty, let following = OnboardingStep(rawValue: step.rawValue + 1) else { return false }
        step = following
        return true
    }

    /// One step back, keeping what was entered.
    public func back() {
        guard canGoBack, let previous = OnboardingStep(rawValue: step.rawValue - 1) else { return }
        errors = FormErrors()
        step = previous
    }

    public func addKid(name: String = "", age: Int) {
        profile.kids.append(HouseholdKid(name: name.isEmpty ? HouseholdKid.defaultName(at: profile.kids.count) : name, age: age))
    }

    public func removeKid(at index: Int) {
        guard profile.kids.indices.contains(index) else { return }
        profile.kids.remove(at: index)
    }

    // MARK: Submitting

    /// The account fields the wizard asked for (a blank name leaves the stored one).
    var accountUpdate: ZiaUserUpdate {
        let name = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        return ZiaUserUpdate(
            displayName: name.isEmpty ? .unchanged : .set(name), timezone: .set(timeZone), betaCohort: betaCohort.map { .set($0.lowercased()) } ?? .unchanged)
    }

    /// On the last step: checks every step, saves the account, then the household marked completed
    /// at ``currentVersion``. A failure leaves the wizard where it is, with what went wrong (a
    /// field of an earlier step takes the user back to it).
    @discardableResult
    public func submit() async -> Bool {
        guard isLastStep, !isSubmitting else { return false }
        for candidate in OnboardingStep.allCases {
            let found = problems(of: candidate)
            if !found.isEmpty {
                step = candidate
                errors = found
                return false
            }
        }
        isSubmitting = true
        defer { isSubmitting = false }
        do {
            _ = try await saving.api.send(ZiaRoutes.upsertUser, body: accountUpdate)
        } catch {
            errors = FormErrors(error)
            return false
        }
        var finished = profile
        finished.onboardingCompleted = true
        finished.onboardingVersion = Self.currentVersion
        switch await saving.save(finished) {
        case .success(let household):
            profile = household.profile
            errors = FormErrors()
            isCompleted = true
            return true
        case .failure(let problems):
            errors = problems
            if let owner = OnboardingStep.allCases.first(where: { !problems.only($0.fields).fields.isEmpty }) { step = owner }
            return false
        }
    }

    /// The first task, after completing: the app navigates by ``firstTask``, and the wizard closes.
    public func choose(_ task: FirstTask) {
        guard isCompleted else { return }
        firstTask = task
        shouldShowOnboarding = false
    }
}
