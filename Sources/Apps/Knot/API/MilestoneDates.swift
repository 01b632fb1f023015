import Foundation

/// When a Knot milestone happens, shared by the server (which schedules reminders) and the client
/// SDK (which shows the countdown), so both agree (docs/knot.md, "Reminders" and
/// "Floating holidays"): yearly milestones are stored with the placeholder year 2000 and recur; 29 February falls on
/// 28 February in common years; holidays named Mother's Day (second Sunday of May), Father's Day
/// (third Sunday of June) or Thanksgiving (fourth Thursday of November) are computed for each year;
/// one-time milestones happen once.
public enum MilestoneDates {
    /// The holidays whose date moves from year to year.
    public enum FloatingHoliday: Sendable, Equatable {
        case mothersDay, fathersDay, thanksgiving
    }

    /// The year yearly milestones are stored with (a leap year, so 29 February survives).
    public static let placeholderYear = 2000

    /// The date the server stores for a milestone entered as `date`: the same month and day in the
    /// ``placeholderYear`` when it recurs yearly, the date itself when it happens once.
    public static func storedDate(_ date: LocalDate, recurrence: Recurrence) -> LocalDate? {
        recurrence == .yearly ? LocalDate(validYear: placeholderYear, month: date.month, day: date.day) : date
    }

    /// The holiday a milestone's name refers to, by a case-insensitive substring (docs/knot.md, "Floating holidays").
    /// Only holiday and custom milestones float: "Father's birthday" keeps its date.
    public static func floatingHoliday(named name: String, type: MilestoneType) -> FloatingHoliday? {
        guard type == .holiday || type == .custom else { return nil }
        let lowered = name.lowercased()
        if lowered.contains("mother") { return .mothersDay }
        if lowered.contains("father") { return .fathersDay }
        if lowered.contains("thanksgiving") { return .thanksgiving }
        return nil
    }

    public static func date(of holiday: FloatingHoliday, in year: Int) -> LocalDate {
        // ISO weekdays (Thursday 4, Sunday 7); every month has a 2nd, 3rd and 4th of each weekday.
        switch holiday {
        case .mothersDay: LocalDate.nthWeekday(2, isoWeekday: 7, month: 5, year: year)!
        case .fathersDay: LocalDate.nthWeekday(3, isoWeekday: 7, month: 6, year: year)!
        case .thanksgiving: LocalDate.nthWeekday(4, isoWeekday: 4, month: 11, year: year)!
        }
    }

    public static func isLeapYear(_ year: Int) -> Bool { LocalDate.isLeap(year) }

    /// A yearly milestone's date in `year`.
    public static func date(month: Int, day: Int, name: String, type: MilestoneType, in year: Int) -> LocalDate {
        if let holiday = floatingHoliday(named: name, type: type) { return date(of: holiday, in: year) }
        return LocalDate.yearly(month: month, day: day, in: year)
    }

    /// The next occurrence of a milestone stored as `date` (`YYYY-MM-DD`): strictly after `today`,
    /// or on or after it when `includingToday` (the client's "Today!"; the server schedules
    /// reminders for the next occurrence, so today counts as passed there). `nil` for a one-time
    /// milestone that is over, or an unreadable date.
    public static func nextOccurrence(date: String, name: String, type: MilestoneType, yearly: Bool, today: LocalDate, includingToday: Bool = false) -> LocalDate? {
        guard let stored = LocalDate(date) else { return nil }
        func isAhead(_ candidate: LocalDate) -> Bool { includingToday ? candidate >= today : candidate > today }
        guard yearly else { return isAhead(stored) ? stored : nil }
        let thisYear = Self.date(month: stored.month, day: stored.day, name: name, type: type, in: today.year)
        return isAhead(thisYear) ? thisYear : Self.date(month: stored.month, day: stored.day, name: name, type: type, in: today.year + 1)
    }
}
