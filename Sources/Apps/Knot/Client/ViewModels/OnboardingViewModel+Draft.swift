import Foundation
import Observation

extension OnboardingViewModel {
    /// Everything entered so far, as the server would read it (love languages absent until chosen).
    public var vaultInput: VaultInput {
        guard let draft else {
            var input = VaultInput(makeDraft(loveLanguages: LoveLanguages(primary: .receivingGifts, secondary: .qualityTime)))
            input.loveLanguages = nil
            return input
        }
        return VaultInput(draft)
    }

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
}
