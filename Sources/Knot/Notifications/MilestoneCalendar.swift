import Foundation

/// A calendar date without a time or zone.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date of `instant` in `zone`.
    public init(_ instant: Date, in zone: TimeZone) {
        let components = MilestoneCalendar.calendar(zone).dateComponents([.year, .month, .day], from: instant)
        self.init(year: components.year!, month: components.month!, day: components.day!)
    }

    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// This date moved by `days` (negative for earlier).
    public func adding(days: Int) -> LocalDate {
        let calendar = MilestoneCalendar.utcCalendar
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return LocalDate(calendar.date(byAdding: .day, value: days, to: date)!, in: calendar.timeZone)
    }

    /// The instant this date shows `hour:00` in `zone` (the first valid instant after a DST gap).
    public func instant(hour: Int, in zone: TimeZone) -> Date {
        let calendar = MilestoneCalendar.calendar(zone)
        let midnight = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return calendar.date(bySettingHour: hour, minute: 0, second: 0, of: midnight, direction: .forward)
            ?? calendar.nextDate(after: midnight, matching: DateComponents(hour: hour), matchingPolicy: .nextTime)!
    }
}

/// When a Knot milestone next happens (seed 000 `notification_scheduler.py`, decision 103).
/// Yearly milestones are stored with the placeholder year 2000 and roll to next year once this
/// year's date has come (today itself counts as passed); 29 February becomes 28 February in
/// common years; Mother's Day (second Sunday of May), Father's Day (third Sunday of June) and
/// Thanksgiving (fourth Thursday of November) are computed for each year from the milestone's name;
/// one-time milestones happen once, if still ahead.
public enum MilestoneCalendar {
    public enum FloatingHoliday: Sendable, Equatable {
        case mothersDay, fathersDay, thanksgiving
    }

    static let utcCalendar = calendar(TimeZone(identifier: "UTC")!)

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The holiday a milestone's name refers to, by the seed's case-insensitive substring rule.
    public static func floatingHoliday(named name: String) -> FloatingHoliday? {
        let lowered = name.lowercased()
        if lowered.contains("mother") { return .mothersDay }
        if lowered.contains("father") { return .fathersDay }
        if lowered.contains("thanksgiving") { return .thanksgiving }
        return nil
    }

    public static func date(of holiday: FloatingHoliday, in year: Int) -> LocalDate {
        switch holiday {
        case .mothersDay: nthWeekday(2, weekday: 1, month: 5, year: year)
        case .fathersDay: nthWeekday(3, weekday: 1, month: 6, year: year)
        case .thanksgiving: nthWeekday(4, weekday: 5, month: 11, year: year)
        }
    }

    /// The `n`th `weekday` (1 = Sunday … 7 = Saturday) of a month.
    static func nthWeekday(_ n: Int, weekday: Int, month: Int, year: Int) -> LocalDate {
        let first = utcCalendar.date(from: DateComponents(year: year, month: month, day: 1, hour: 12))!
        let firstWeekday = utcCalendar.component(.weekday, from: first)
        let day = 1 + (weekday - firstWeekday + 7) % 7 + (n - 1) * 7
        return LocalDate(year: year, month: month, day: day)
    }

    static func isLeapYear(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// The milestone's date in `year` (fixed dates, floating holidays, 29 February clamped).
    public static func date(month: Int, day: Int, name: String, type: MilestoneType, in year: Int) -> LocalDate {
        if type == .holiday || type == .custom, let holiday = floatingHoliday(named: name) {
            return date(of: holiday, in: year)
        }
        if month == 2 && day == 29 && !isLeapYear(year) { return LocalDate(year: year, month: 2, day: 28) }
        return LocalDate(year: year, month: month, day: day)
    }

    /// The next occurrence strictly after `today`, or `nil` for a one-time milestone that is not ahead.
    public static func nextOccurrence(of milestone: Milestone, after today: LocalDate) -> LocalDate? {
        guard let stored = LocalDate(milestone.milestoneDate) else { return nil }
        switch milestone.recurrence {
        case .oneTime:
            return stored > today ? stored : nil
        case .yearly:
            let thisYear = date(month: stored.month, day: stored.day, name: milestone.milestoneName, type: milestone.milestoneType, in: today.year)
            if thisYear > today { return thisYear }
            return date(month: stored.month, day: stored.day, name: milestone.milestoneName, type: milestone.milestoneType, in: today.year + 1)
        }
    }

    /// Knot reminds 14, 7 and 3 days before a milestone.
    public static let reminderDays = [14, 7, 3]
    /// Reminders go out at 09:00 in the user's time zone.
    public static let reminderHour = 9

    /// One planned reminder.
    public struct Reminder: Sendable, Equatable {
        public var milestoneID: MilestoneID
        public var daysBefore: Int
        public var occurrence: LocalDate
        public var sendAt: Date

        /// The idempotency key of this reminder: one per milestone, interval and occurrence.
        public var key: String { "knot:milestone:\(milestoneID):\(daysBefore):\(occurrence)" }
    }

    /// The reminders still in the future for `milestone`, as of `now` in `zone`.
    public static func reminders(for milestone: Milestone, now: Date, zone: TimeZone) -> [Reminder] {
        let today = LocalDate(now, in: zone)
        guard let occurrence = nextOccurrence(of: milestone, after: today) else { return [] }
        return reminderDays.compactMap { days in
            let sendAt = occurrence.adding(days: -days).instant(hour: reminderHour, in: zone)
            return sendAt > now ? Reminder(milestoneID: milestone.id, daysBefore: days, occurrence: occurrence, sendAt: sendAt) : nil
        }
    }

    /// The user's zone when they set one, else inferred from the partner's US state (the seed's
    /// `infer_timezone_from_location`), else New York.
    public static func timeZone(preference: String?, state: String?, country: String?) -> TimeZone {
        if let preference, let zone = TimeZone(identifier: preference) { return zone }
        if (country ?? "US").uppercased() == "US", let state, let identifier = usStateZones[state.uppercased()], let zone = TimeZone(identifier: identifier) {
            return zone
        }
        return TimeZone(identifier: "America/New_York")!
    }

    static let usStateZones: [String: String] = [
        "AL": "America/Chicago", "AK": "America/Anchorage", "AZ": "America/Phoenix", "AR": "America/Chicago", "CA": "America/Los_Angeles",
        "CO": "America/Denver", "CT": "America/New_York", "DE": "America/New_York", "DC": "America/New_York", "FL": "America/New_York",
        "GA": "America/New_York", "HI": "Pacific/Honolulu", "ID": "America/Boise", "IL": "America/Chicago", "IN": "America/Indiana/Indianapolis",
        "IA": "America/Chicago", "KS": "America/Chicago", "KY": "America/New_York", "LA": "America/Chicago", "ME": "America/New_York",
        "MD": "America/New_York", "MA": "America/New_York", "MI": "America/Detroit", "MN": "America/Chicago", "MS": "America/Chicago",
        "MO": "America/Chicago", "MT": "America/Denver", "NE": "America/Chicago", "NV": "America/Los_Angeles", "NH": "America/New_York",
        "NJ": "America/New_York", "NM": "America/Denver", "NY": "America/New_York", "NC": "America/New_York", "ND": "America/Chicago",
        "OH": "America/New_York", "OK": "America/Chicago", "OR": "America/Los_Angeles", "PA": "America/New_York", "RI": "America/New_York",
        "SC": "America/New_York", "SD": "America/Chicago", "TN": "America/Chicago", "TX": "America/Chicago", "UT": "America/Denver",
        "VT": "America/New_York", "VA": "America/New_York", "WA": "America/Los_Angeles", "WV": "America/New_York", "WI": "America/Chicago",
        "WY": "America/Denver",
    ]
}
