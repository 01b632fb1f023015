import Foundation
import KnotAPI

/// Works out when milestones next happen, with the same rules the server schedules reminders by
/// (``MilestoneDates``: yearly ones roll over once passed, 29 February falls on 28 February in
/// common years, Mother's Day, Father's Day and Thanksgiving float, one-time ones in the past are
/// over). Today counts: on the day itself the countdown says "Today!".
public struct MilestoneCalendar: Sendable {
    public var calendar: Calendar

    /// - Parameter timeZone: the user's zone; "today" is the day in this zone.
    public init(timeZone: TimeZone = .current) {
        self.calendar = LocalDate.calendar(timeZone)
    }

    /// The next occurrence of `milestone` on or after the day of `now`, or nil when it is over.
    public func nextOccurrence(of milestone: Milestone, from now: Date) -> UpcomingMilestone? {
        let today = LocalDate(now, in: calendar.timeZone)
        guard
            let next = MilestoneDates.nextOccurrence(
                date: milestone.milestoneDate, name: milestone.milestoneName, type: milestone.milestoneType,
                yearly: milestone.recurrence == .yearly, today: today, includingToday: true
            )
        else { return nil }
        return UpcomingMilestone(
            id: milestone.id, name: milestone.milestoneName, type: milestone.milestoneType,
            date: DateComponents(year: next.year, month: next.month, day: next.day), daysUntil: today.days(until: next), budgetTier: milestone.budgetTier
        )
    }

    /// Every milestone that is still to come, soonest first.
    public func upcoming(_ milestones: [Milestone], from now: Date) -> [UpcomingMilestone] {
        milestones.compactMap { nextOccurrence(of: $0, from: now) }.sorted { ($0.daysUntil, $0.name) < ($1.daysUntil, $1.name) }
    }
}
