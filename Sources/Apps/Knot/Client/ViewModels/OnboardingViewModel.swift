import Foundation
import Observation

/// Everything behind the 9-step onboarding wizard (docs/knot.md, "Client SDK and `knot` CLI"): the data of every
/// step, per-step validation that gates "Next", Back that keeps what was entered, and the submit
/// that creates the vault, with retry after a network error.
@MainActor
@Observable
public final class OnboardingViewModel {
    public private(set) var step: OnboardingStep = .welcome

    // Step 3.2
    public var partnerName = ""
    public var relationshipTenureMonths: Int?
    public var cohabitationStatus: CohabitationStatus?
    public var locationCity = ""
    public var locationState = ""
    public var locationCountry = "US"

    // Steps 3.3–3.4
    public private(set) var interests: Set<String> = []
    public private(set) var dislikes: Set<String> = []

    // Step 3.5
    public var birthday: MonthDay?
    public var anniversary: MonthDay?
    public private(set) var holidays: Set<HolidayOption> = []
    public private(set) var customMilestones: [CustomMilestone] = []

    // Step 3.6
    public private(set) var vibes: Set<Vibe> = []

    // The budget step's defaults ($20–50, $50–150, $100–500; docs/knot.md, "The vault") in cents.
    public static let defaultBudgets: [OccasionType: BudgetRange] = [
        .justBecause: BudgetRange(min: 2_000, max: 5_000),
        .minorOccasion: BudgetRange(min: 5_000, max: 15_000),
        .majorMilestone: BudgetRange(min: 10_000, max: 50_000),
    ]
    public private(set) var budgets: [OccasionType: BudgetRange] = OnboardingViewModel.defaultBudgets
    public var currency = "USD"

    // Step 3.8
    public private(set) var primaryLoveLanguage: LoveLanguage?
    public private(set) var secondaryLoveLanguage: LoveLanguage?

    // Submit
    public private(set) var isSubmitting = false
    public private(set) var submitError: KnotError?
    /// True when the last submit failed for a reason retrying can fix (offline, server trouble).
    public private(set) var canRetrySubmit = false
    public private(set) var createdVault: Vault?

    /// The most recent rejected selection (e.g. a 6th interest), for a shake or toast.
    public private(set) var rejectionMessage: String?

    let api: KnotAPIClient

    public init(api: KnotAPIClient) { self.api = api }

    // MARK: Navigation

    /// 0…1 through the steps, for the progress bar.
    public var progress: Double { Double(step.rawValue) / Double(OnboardingStep.allCases.count - 1) }

    /// Whether the current step's data allows "Next".
    public var canProceed: Bool { validationMessage == nil }

    /// What stops the current step, in the user's words; nil when it is complete. Each decision is
    /// the contract's ``VaultRules`` (the rules the server applies); the words are the screen's.
    public var validationMessage: String? {
        switch step {
        case .welcome: return nil
        case .basicInfo:
            if partnerName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "Enter your partner's name." }
            return problems(for: .basicInfo).first.map(Self.sentence)
        case .interests:
            return VaultRules.isCompleteSelection(interests) ? nil : "Pick exactly \(VaultLimits.categoryCount) interests (\(interestCounterText))."
        case .dislikes:
            if !VaultRules.overlap(interests: interests, dislikes: dislikes).isEmpty { return "A dislike cannot also be an interest." }
            return VaultRules.isCompleteSelection(dislikes) ? nil : "Pick exactly \(VaultLimits.categoryCount) dislikes (\(dislikeCounterText))."
        case .milestones:
            guard let birthday else { return "Add your partner's birthday." }
            if !birthday.isValid { return "The birthday is not a real date." }
            if let anniversary, !anniversary.isValid { return "The anniversary is not a real date." }
            for custom in customMilestones {
                if custom.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "Every custom milestone needs a name." }
                if !custom.date.isValid { return "\(custom.name) is not a real date." }
                if custom.recurrence == .oneTime, custom.year == nil { return "\(custom.name) happens once: give it a year." }
            }
            return problems(for: .milestones).first.map(Self.sentence)
        case .vibes:
            return VaultRules.isValidVibeSelection(Array(vibes))
                ? nil : "Pick \(VaultLimits.vibeCount.lowerBound) to \(VaultLimits.vibeCount.upperBound) vibes."
        case .budget:
            if budgets.values.contains(where: { $0.max < $0.min }) { return "Each maximum must be at least its minimum." }
            return budgets.values.allSatisfy { VaultRules.isValidBudget(min: $0.min, max: $0.max) } ? nil : problems(for: .budget).first.map(Self.sentence)
        case .loveLanguages:
            guard let primary = primaryLoveLanguage else { return "Choose their primary love language." }
            guard let secondary = secondaryLoveLanguage, VaultRules.areValidLoveLanguages(primary: primary, secondary: secondary) else {
                return "Choose a different secondary love language."
            }
            return nil
        case .completion:
            // The whole vault against every rule, as the server will check it.
            return localProblems.first.map(Self.sentence)
        }
    }

    /// Every rule the finished vault breaks, from the contract's ``VaultRules`` (none while a step is
    /// still incomplete: that step says what is missing).
    public var localProblems: [FieldError] {
        VaultRules.check(vaultInput).problems
    }

    /// Everything entered so far, as the server would read it (love languages absent until chosen).
    public var vaultInput: VaultInput {
        guard let draft else {
            var input = VaultInput(makeDraft(loveLanguages: LoveLanguages(primary: .receivingGifts, secondary: .qualityTime)))
            input.loveLanguages = nil
            return input
        }
        return VaultInput(draft)
    }

    /// The rules broken by fields the given step edits.
    func problems(for step: OnboardingStep) -> [FieldError] {
        localProblems.filter { Self.step(forField: $0.field) == step }
    }

    /// "partner_name must be at most 100 characters (got 101)" → "Partner name must be at most 100 characters (got 101)."
    static func sentence(_ problem: FieldError) -> String {
        let field = problem.field.replacingOccurrences(of: "_", with: " ")
        return (field.prefix(1).uppercased() + field.dropFirst()) + " " + problem.message + "."
    }

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

    // MARK: Interests and dislikes

    /// "3 of 5 selected".
    public var interestCounterText: String { "\(interests.count) of \(VaultLimits.categoryCount) selected" }
    public var dislikeCounterText: String { "\(dislikes.count) of \(VaultLimits.categoryCount) selected" }

    /// Selects or deselects an interest; a 6th selection is rejected (returns false).
    @discardableResult
    public func toggleInterest(_ name: String) -> Bool {
        guard let interest = KnotCatalog.interest(named: name) else { return reject("\(name) is not an interest category.") }
        if interests.contains(interest) {
            interests.remove(interest)
            return true
        }
        guard interests.count < VaultLimits.categoryCount else { return reject("You already picked \(VaultLimits.categoryCount) interests.") }
        interests.insert(interest)
        dislikes.remove(interest)
        rejectionMessage = nil
        return true
    }

    /// Liked interests are greyed out on the dislikes step.
    public func isDislikeDisabled(_ name: String) -> Bool {
        KnotCatalog.interest(named: name).map(interests.contains) ?? true
    }

    /// Selects or deselects a dislike; liked interests and a 6th selection are rejected.
    @discardableResult
    public func toggleDislike(_ name: String) -> Bool {
        guard let interest = KnotCatalog.interest(named: name) else { return reject("\(name) is not an interest category.") }
        if dislikes.contains(interest) {
            dislikes.remove(interest)
            return true
        }
        guard !interests.contains(interest) else { return reject("\(interest) is already an interest.") }
        guard dislikes.count < VaultLimits.categoryCount else { return reject("You already picked \(VaultLimits.categoryCount) dislikes.") }
        dislikes.insert(interest)
        rejectionMessage = nil
        return true
    }

    // MARK: Milestones

    /// Adds or removes a quick-add holiday.
    public func toggleHoliday(_ holiday: HolidayOption) {
        if holidays.contains(holiday) { holidays.remove(holiday) } else { holidays.insert(holiday) }
    }

    public func addCustomMilestone(_ milestone: CustomMilestone) {
        customMilestones.append(milestone)
    }

    public func removeCustomMilestone(id: UUID) {
        customMilestones.removeAll { $0.id == id }
    }

    /// The days `month` can have (29 for February: yearly dates allow Feb 29).
    public nonisolated static func daysInMonth(_ month: Int) -> Int {
        LocalDate.daysIn(month: month, year: MilestoneDates.placeholderYear)
    }

    /// `day` limited to what `month` allows, for when the month picker changes.
    public nonisolated static func clampDay(_ day: Int, month: Int) -> Int { min(max(1, day), daysInMonth(month)) }

    /// The milestones the vault will get, in the order the user sees them.
    public var milestoneDrafts: [MilestoneDraft] {
        var drafts: [MilestoneDraft] = []
        let name = partnerName.trimmingCharacters(in: .whitespacesAndNewlines)
        if let birthday {
            drafts.append(MilestoneDraft(milestoneType: .birthday, milestoneName: name.isEmpty ? "Birthday" : "\(name)'s Birthday", milestoneDate: birthday.wireDate))
        }
        if let anniversary {
            drafts.append(MilestoneDraft(milestoneType: .anniversary, milestoneName: "Anniversary", milestoneDate: anniversary.wireDate))
        }
        for holiday in HolidayOption.allCases where holidays.contains(holiday) {
            drafts.append(MilestoneDraft(milestoneType: .holiday, milestoneName: holiday.displayName, milestoneDate: holiday.date.wireDate))
        }
        for custom in customMilestones {
            let date =
                custom.recurrence == .oneTime
                ? String(format: "%04d-%02d-%02d", custom.year ?? 2000, custom.date.month, custom.date.day)
                : custom.date.wireDate
            drafts.append(
                MilestoneDraft(
                    milestoneType: .custom, milestoneName: custom.name.trimmingCharacters(in: .whitespacesAndNewlines), milestoneDate: date, recurrence: custom.recurrence,
                    budgetTier: custom.budgetTier))
        }
        return drafts
    }

    // MARK: Vibes

    /// Selects or deselects a vibe; a 5th selection is rejected.
    @discardableResult
    public func toggleVibe(_ vibe: Vibe) -> Bool {
        if vibes.contains(vibe) {
            vibes.remove(vibe)
            return true
        }
        guard vibes.count < VaultLimits.vibeCount.upperBound else { return reject("Pick at most \(VaultLimits.vibeCount.upperBound) vibes.") }
        vibes.insert(vibe)
        rejectionMessage = nil
        return true
    }

    // MARK: Budget

    /// Sets a tier's minimum; a minimum above the maximum raises the maximum with it.
    public func setBudgetMin(_ cents: Int, for occasion: OccasionType) {
        var range = budgets[occasion] ?? Self.defaultBudgets[occasion]!
        range.min = max(0, cents)
        if range.max < range.min { range.max = range.min }
        budgets[occasion] = range
    }

    /// Sets a tier's maximum; a maximum below the minimum is corrected up to the minimum.
    public func setBudgetMax(_ cents: Int, for occasion: OccasionType) {
        var range = budgets[occasion] ?? Self.defaultBudgets[occasion]!
        range.max = max(cents, range.min)
        budgets[occasion] = range
    }

    // MARK: Love languages

    /// Chooses the primary love language; if it equals the secondary, the secondary is cleared.
    public func selectPrimaryLoveLanguage(_ language: LoveLanguage) {
        primaryLoveLanguage = language
        if secondaryLoveLanguage == language { secondaryLoveLanguage = nil }
    }

    /// Chooses the secondary love language; it must come after, and differ from, the primary.
    @discardableResult
    public func selectSecondaryLoveLanguage(_ language: LoveLanguage) -> Bool {
        guard let primary = primaryLoveLanguage else { return reject("Choose the primary love language first.") }
        guard language != primary else { return reject("The secondary love language must differ from the primary.") }
        secondaryLoveLanguage = language
        rejectionMessage = nil
        return true
    }

    // MARK: Submit

    /// The vault body built from every step, or nil while a step is incomplete.
    public var draft: VaultDraft? {
        guard let primary = primaryLoveLanguage, let secondary = secondaryLoveLanguage else { return nil }
        return makeDraft(loveLanguages: LoveLanguages(primary: primary, secondary: secondary))
    }

    private func makeDraft(loveLanguages: LoveLanguages) -> VaultDraft {
        let name = partnerName.trimmingCharacters(in: .whitespacesAndNewlines)
        func optional(_ text: String) -> String? {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
        return VaultDraft(
            partnerName: name, relationshipTenureMonths: relationshipTenureMonths, cohabitationStatus: cohabitationStatus,
            locationCity: optional(locationCity), locationState: optional(locationState), locationCountry: optional(locationCountry),
            interests: KnotCatalog.interests.filter(interests.contains), dislikes: KnotCatalog.interests.filter(dislikes.contains),
            milestones: milestoneDrafts, vibes: Vibe.allCases.filter(vibes.contains),
            budgets: OccasionType.allCases.map { type in
                let range = budgets[type] ?? Self.defaultBudgets[type]!
                return Budget(occasionType: type, minAmount: range.min, maxAmount: range.max, currency: currency)
            },
            loveLanguages: loveLanguages
        )
    }

    /// The completion screen's summary: name, vibes and the soonest milestone.
    public func summary(now: Date = Date(), calendar: MilestoneCalendar = MilestoneCalendar()) -> (name: String, vibes: [Vibe], nextMilestone: UpcomingMilestone?) {
        let milestones = milestoneDrafts.map {
            Milestone(
                id: MilestoneID(), milestoneType: $0.milestoneType, milestoneName: $0.milestoneName, milestoneDate: $0.milestoneDate, recurrence: $0.recurrence,
                budgetTier: $0.budgetTier ?? .majorMilestone)
        }
        return (partnerName.trimmingCharacters(in: .whitespacesAndNewlines), Vibe.allCases.filter(vibes.contains), calendar.upcoming(milestones, from: now).first)
    }

    /// Sends the vault (from the completion step). On a network or server error the data stays and
    /// ``canRetrySubmit`` is set so the user can try again; a 422 sends them back to the step at fault.
    @discardableResult
    public func submit() async -> Bool {
        guard step == .completion, !isSubmitting, createdVault == nil else { return false }
        guard let draft else { return false }
        // The rules the server applies, checked first: a vault it would refuse is not sent.
        if case .invalid(let fields) = VaultRules.check(VaultInput(draft)) {
            submitError = .validation(message: "The vault breaks \(fields.count == 1 ? "a rule" : "\(fields.count) rules").", fields: fields)
            canRetrySubmit = false
            if let first = fields.first { step = Self.step(forField: first.field) }
            return false
        }
        isSubmitting = true
        submitError = nil
        canRetrySubmit = false
        defer { isSubmitting = false }
        do {
            createdVault = try await api.send(KnotRoutes.createVault, body: draft)
            return true
        } catch let error as KnotError {
            submitError = error
            switch error {
            case .offline, .rateLimited: canRetrySubmit = true
            case .server(let status, _, _) where status >= 500: canRetrySubmit = true
            case .validation(_, let fields): if let first = fields.first { step = Self.step(forField: first.field) }
            default: break
            }
            return false
        } catch {
            submitError = .offline(error.localizedDescription)
            canRetrySubmit = true
            return false
        }
    }

    /// The step that edits a vault field the server complained about.
    static func step(forField field: String) -> OnboardingStep {
        if field.hasPrefix("interests") { return .interests }
        if field.hasPrefix("dislikes") { return .dislikes }
        if field.hasPrefix("milestones") { return .milestones }
        if field.hasPrefix("vibes") { return .vibes }
        if field.hasPrefix("budgets") { return .budget }
        if field.hasPrefix("love_languages") { return .loveLanguages }
        return .basicInfo
    }

    private func reject(_ message: String) -> Bool {
        rejectionMessage = message
        return false
    }
}
