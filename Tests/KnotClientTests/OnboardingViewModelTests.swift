import Foundation
import Testing

@testable import KnotClient

@MainActor
@Suite("Onboarding view model", .timeLimit(.minutes(3)))
struct OnboardingViewModelTests {
    let server = FakeKnotServer()

    /// Fills every step validly and stops on `target`.
    func filled(upTo target: OnboardingStep) -> OnboardingViewModel {
        let model = OnboardingViewModel(api: makeAPI(server))
        while model.step < target {
            switch model.step {
            case .basicInfo: model.partnerName = "Alex"
            case .interests: for name in ["Cooking", "Hiking", "Coffee", "Music", "Board Games"] { model.toggleInterest(name) }
            case .dislikes: for name in ["Cars", "Gaming", "Sports", "Karaoke", "Shopping"] { model.toggleDislike(name) }
            case .milestones: model.birthday = MonthDay(month: 3, day: 15)
            case .vibes: model.toggleVibe(.outdoorsy)
            case .loveLanguages:
                model.selectPrimaryLoveLanguage(.qualityTime)
                model.selectSecondaryLoveLanguage(.receivingGifts)
            default: break
            }
            #expect(model.next(), "could not leave \(model.step): \(model.validationMessage ?? "")")
        }
        return model
    }

    @Test func theNineStepsComeInTheSeedsOrder() {
        let model = filled(upTo: .completion)
        #expect(model.step == .completion)
        #expect(OnboardingStep.allCases.map(\.rawValue) == Array(0...8))
        #expect(OnboardingStep.allCases == [.welcome, .basicInfo, .interests, .dislikes, .milestones, .vibes, .budget, .loveLanguages, .completion])
        #expect(model.progress == 1)
        #expect(model.next() == false)
    }

    @Test func backKeepsEnteredData() {
        let model = filled(upTo: .milestones)
        model.back()
        model.back()
        model.back()
        #expect(model.step == .basicInfo)
        #expect(model.partnerName == "Alex")
        #expect(model.next())
        #expect(model.interests.count == 5)
        #expect(model.next())
        #expect(model.dislikes.count == 5)
    }

    @Test func nameIsRequired() {
        let model = filled(upTo: .basicInfo)
        model.partnerName = "   "
        #expect(!model.canProceed)
        #expect(model.next() == false)
        #expect(model.step == .basicInfo)
        #expect(model.validationMessage == "Enter your partner's name.")
        model.partnerName = "Sam"
        #expect(model.next())
    }

    @Test func exactlyFiveLikesAndASixthIsRejected() {
        let model = filled(upTo: .interests)
        for name in ["Travel", "Cooking", "Movies", "Music"] { #expect(model.toggleInterest(name)) }
        #expect(model.interestCounterText == "4 of 5 selected")
        #expect(!model.canProceed)
        #expect(model.toggleInterest("Reading"))
        #expect(model.canProceed)
        #expect(model.toggleInterest("Sports") == false)
        #expect(model.rejectionMessage != nil)
        #expect(model.interests.count == 5)
        #expect(model.toggleInterest("Travel"))
        #expect(model.interests.count == 4)
        #expect(model.toggleInterest("Not A Category") == false)
    }

    @Test func dislikesNeedFiveAndLikesAreDisabled() {
        let model = filled(upTo: .dislikes)
        #expect(model.isDislikeDisabled("Cooking"))
        #expect(!model.isDislikeDisabled("Cars"))
        #expect(model.toggleDislike("Cooking") == false)
        #expect(!model.dislikes.contains("Cooking"))
        for name in ["Cars", "Gaming", "Sports", "Karaoke"] { model.toggleDislike(name) }
        #expect(!model.canProceed)
        #expect(model.toggleDislike("Shopping"))
        #expect(model.canProceed)
        #expect(model.toggleDislike("Wine") == false)
    }

    @Test func birthdayIsRequiredAndHolidaysToggle() {
        let model = filled(upTo: .milestones)
        #expect(model.birthday == nil)
        #expect(!model.canProceed)
        #expect(model.validationMessage == "Add your partner's birthday.")
        model.birthday = MonthDay(month: 2, day: 30)
        #expect(!model.canProceed)
        model.birthday = MonthDay(month: 2, day: 29)
        #expect(model.canProceed)

        model.toggleHoliday(.valentinesDay)
        model.toggleHoliday(.christmas)
        #expect(model.milestoneDrafts.map(\.milestoneName) == ["Alex's Birthday", "Valentine's Day", "Christmas"])
        #expect(model.milestoneDrafts[1].milestoneDate == "2000-02-14")
        model.toggleHoliday(.valentinesDay)
        #expect(model.milestoneDrafts.map(\.milestoneName) == ["Alex's Birthday", "Christmas"])
        #expect(model.canProceed)
    }

    @Test func customMilestonesNeedANameAndOneTimeNeedsAYear() {
        let model = filled(upTo: .milestones)
        model.birthday = MonthDay(month: 3, day: 15)
        model.addCustomMilestone(CustomMilestone(name: " ", date: MonthDay(month: 6, day: 1)))
        #expect(!model.canProceed)
        model.removeCustomMilestone(id: model.customMilestones[0].id)
        model.addCustomMilestone(CustomMilestone(name: "Paris trip", date: MonthDay(month: 6, day: 1), recurrence: .oneTime, budgetTier: .majorMilestone))
        #expect(!model.canProceed)
        model.removeCustomMilestone(id: model.customMilestones[0].id)
        model.addCustomMilestone(CustomMilestone(name: "Paris trip", date: MonthDay(month: 6, day: 1), year: 2027, recurrence: .oneTime, budgetTier: .majorMilestone))
        model.addCustomMilestone(CustomMilestone(name: "First Date", date: MonthDay(month: 9, day: 2)))
        #expect(model.canProceed)
        let custom = model.milestoneDrafts.filter { $0.milestoneType == .custom }
        #expect(custom.map(\.milestoneDate) == ["2027-06-01", "2000-09-02"])
        #expect(custom.map(\.budgetTier) == [.majorMilestone, .minorOccasion])
        #expect(OnboardingViewModel.clampDay(31, month: 4) == 30)
    }

    @Test func oneToFourVibes() {
        let model = filled(upTo: .vibes)
        #expect(!model.canProceed)
        #expect(model.toggleVibe(.romantic))
        #expect(model.canProceed)
        for vibe in [Vibe.vintage, .bohemian, .minimalist] { #expect(model.toggleVibe(vibe)) }
        #expect(model.toggleVibe(.adventurous) == false)
        #expect(model.vibes.count == 4)
        #expect(model.toggleVibe(.romantic))
        #expect(model.vibes.count == 3)
    }

    @Test func budgetDefaultsAndMaxAtLeastMin() {
        let model = filled(upTo: .budget)
        #expect(model.budgets[.justBecause] == BudgetRange(min: 2_000, max: 5_000))
        #expect(model.budgets[.minorOccasion] == BudgetRange(min: 5_000, max: 15_000))
        #expect(model.budgets[.majorMilestone] == BudgetRange(min: 10_000, max: 50_000))
        model.setBudgetMin(8_000, for: .justBecause)
        #expect(model.budgets[.justBecause] == BudgetRange(min: 8_000, max: 8_000))
        model.setBudgetMax(1_000, for: .minorOccasion)
        #expect(model.budgets[.minorOccasion] == BudgetRange(min: 5_000, max: 5_000))
        model.setBudgetMax(70_000, for: .majorMilestone)
        #expect(model.budgets[.majorMilestone] == BudgetRange(min: 10_000, max: 70_000))
        #expect(model.canProceed)
    }

    @Test func primaryThenADifferentSecondaryLoveLanguage() {
        let model = filled(upTo: .loveLanguages)
        #expect(model.selectSecondaryLoveLanguage(.actsOfService) == false)
        model.selectPrimaryLoveLanguage(.qualityTime)
        #expect(!model.canProceed)
        #expect(model.selectSecondaryLoveLanguage(.qualityTime) == false)
        #expect(model.secondaryLoveLanguage == nil)
        #expect(model.selectSecondaryLoveLanguage(.physicalTouch))
        #expect(model.canProceed)
        model.selectPrimaryLoveLanguage(.physicalTouch)
        #expect(model.secondaryLoveLanguage == nil)
        #expect(!model.canProceed)
    }

    /// The contract's vault rules, applied by the view model as the server applies them: limits the
    /// steps' own words do not cover still stop the flow, with the rule's text.
    @Test func theSharedVaultRulesStopEachStep() {
        let model = filled(upTo: .basicInfo)
        model.partnerName = String(repeating: "a", count: VaultLimits.maxNameLength + 1)
        #expect(!model.canProceed)
        #expect(model.validationMessage == "Partner name must be at most \(VaultLimits.maxNameLength) characters (got \(VaultLimits.maxNameLength + 1)).")
        model.partnerName = "Alex"
        model.relationshipTenureMonths = VaultLimits.maxTenureMonths + 1
        #expect(model.validationMessage?.hasPrefix("Relationship tenure months must be at most") == true)
        model.relationshipTenureMonths = 12
        #expect(model.canProceed)

        let budget = filled(upTo: .budget)
        budget.setBudgetMax(VaultLimits.maxBudgetCents + 1, for: .majorMilestone)
        #expect(!budget.canProceed)
        #expect(budget.validationMessage?.contains("must be at most \(VaultLimits.maxBudgetCents) cents") == true)
    }

    @Test func aVaultTheRulesRefuseIsNotSent() async throws {
        let model = filled(upTo: .completion)
        model.partnerName = String(repeating: "a", count: VaultLimits.maxNameLength + 1)
        #expect(model.validationMessage != nil, "the completion step checks the whole vault")
        #expect(await model.submit() == false)
        #expect(server.requests("POST", "/knot/api/v1/vault").isEmpty, "nothing was sent")
        #expect(model.step == .basicInfo, "back to the step at fault")
        #expect(
            model.errors["partner_name"] == "must be at most \(VaultLimits.maxNameLength) characters (got \(VaultLimits.maxNameLength + 1))", "\(model.errors)")
    }

    @Test func submitSendsTheWholeVault() async throws {
        let model = filled(upTo: .completion)
        #expect(await model.submit())
        let vault = try #require(server.with { $0.vault })
        #expect(vault.partnerName == "Alex")
        #expect(vault.interests == ["Cooking", "Music", "Coffee", "Hiking", "Board Games"])
        #expect(vault.vibes == [.outdoorsy])
        #expect(vault.budgets.map(\.minAmount) == [2_000, 5_000, 10_000])
        #expect(vault.milestones.map(\.milestoneDate) == ["2000-03-15"])
        #expect(vault.loveLanguages == LoveLanguages(primary: .qualityTime, secondary: .receivingGifts))
        #expect(model.createdVault == vault)
    }

    @Test func submitCanBeRetriedAfterANetworkError() async throws {
        let model = filled(upTo: .completion)
        server.fail("POST", "/knot/api/v1/vault", with: .offline)

        #expect(await model.submit() == false)
        #expect(model.canRetrySubmit)
        #expect(model.errors == FormErrors(message: ScreenText.message(KnotError.offline("injected: server unreachable"))), "\(model.errors)")
        #expect(model.step == .completion)
        #expect(model.partnerName == "Alex")

        #expect(await model.submit())
        #expect(model.errors.isEmpty, "\(model.errors)")
        #expect(server.requests("POST", "/knot/api/v1/vault").count == 2)
        #expect(server.with { $0.vault?.partnerName } == "Alex")
    }

    @Test func aServerValidationErrorReturnsToTheStepAtFault() async {
        let model = filled(upTo: .completion)
        server.fail(
            "POST", "/knot/api/v1/vault",
            with: .status(422, body: #"{"error":{"code":"validation_failed","message":"x","fields":[{"field":"vibes","message":"must have 1 to 4 vibes"}]}}"#))

        #expect(await model.submit() == false)
        #expect(model.canRetrySubmit == false)
        #expect(model.step == .vibes)
        #expect(model.errors == FormErrors(fields: [FieldError(field: "vibes", message: "must have 1 to 4 vibes")]), "\(model.errors)")
    }

    @Test func summaryShowsNameVibesAndNextMilestone() {
        let model = filled(upTo: .completion)
        let march1 = Date(timeIntervalSince1970: 1_803_909_600)  // 2027-03-01
        let summary = model.summary(now: march1, calendar: MilestoneCalendar(timeZone: TimeZone(identifier: "UTC")!))
        #expect(summary.name == "Alex")
        #expect(summary.vibes == [.outdoorsy])
        #expect(summary.nextMilestone?.daysUntil == 14)
    }
}
