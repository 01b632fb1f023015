import Foundation
import Observation

extension OnboardingViewModel {
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

    private func reject(_ message: String) -> Bool {
        rejectionMessage = message
        return false
    }
}
