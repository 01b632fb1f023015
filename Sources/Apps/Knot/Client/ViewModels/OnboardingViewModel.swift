import Foundation
import Observation

/// Everything behind the 9-step onboarding wizard (docs/knot.md, "Client SDK and `knot` CLI"): the data of every
/// step, per-step validation that gates "Next", Back that keeps what was entered, and the submit
/// that creates the vault, with retry after a network error.
@MainActor
@Observable
public final class OnboardingViewModel {
    public internal(set) var step: OnboardingStep = .welcome

    // Step 3.2
    public var partnerName = ""
    public var relationshipTenureMonths: Int?
    public var cohabitationStatus: CohabitationStatus?
    public var locationCity = ""
    public var locationState = ""
    public var locationCountry = "US"

    // Steps 3.3–3.4
    public internal(set) var interests: Set<String> = []
    public internal(set) var dislikes: Set<String> = []

    // Step 3.5
    public var birthday: MonthDay?
    public var anniversary: MonthDay?
    public internal(set) var holidays: Set<HolidayOption> = []
    public internal(set) var customMilestones: [CustomMilestone] = []

    // Step 3.6
    public internal(set) var vibes: Set<Vibe> = []

    // The budget step's defaults ($20–50, $50–150, $100–500; docs/knot.md, "The vault") in cents.
    public static let defaultBudgets: [OccasionType: BudgetRange] = [
        .justBecause: BudgetRange(min: 2_000, max: 5_000),
        .minorOccasion: BudgetRange(min: 5_000, max: 15_000),
        .majorMilestone: BudgetRange(min: 10_000, max: 50_000),
    ]
    public internal(set) var budgets: [OccasionType: BudgetRange] = OnboardingViewModel.defaultBudgets
    public var currency = "USD"

    // Step 3.8
    public internal(set) var primaryLoveLanguage: LoveLanguage?
    public internal(set) var secondaryLoveLanguage: LoveLanguage?

    // Submit
    public internal(set) var isSubmitting = false
    /// What the last submit got wrong: the fields the rules or the server's 422 refused, by JSON
    /// path, or the line of a failure that names no field (offline, signed out, in words).
    public internal(set) var errors = FormErrors()
    /// True when the last submit failed for a reason retrying can fix (offline, server trouble).
    public internal(set) var canRetrySubmit = false
    public internal(set) var createdVault: Vault?

    /// The most recent rejected selection (e.g. a 6th interest), for a shake or toast.
    public internal(set) var rejectionMessage: String?

    let api: KnotAPIClient

    public init(api: KnotAPIClient) { self.api = api }

    // MARK: Navigation

    /// 0…1 through the steps, for the progress bar.
    public var progress: Double { Double(step.rawValue) / Double(OnboardingStep.allCases.count - 1) }

    /// Whether the current step's data allows "Next".
    public var canProceed: Bool { validationMessage == nil }

    /// Moves to the next step when the current one is valid; returns whether it moved.
    @discardableResult
    public func next() -> Bool {
        guard canProceed, let following = OnboardingStep(rawValue: step.rawValue + 1) else { return false }
        step = following
        return true
    }

    /// Moves back one step, keeping everything entered.
    public func back() {
        if let previous = OnboardingStep(rawValue: step.rawValue - 1) { step = previous }
    }
}
