import Foundation

/// A calendar date without a time or zone (`YYYY-MM-DD` on the wire).
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
        let components = MilestoneDates.calendar(zone).dateComponents([.year, .month, .day], from: instant)
        self.init(year: components.year!, month: components.month!, day: components.day!)
    }

    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// This date moved by `days` (negative for earlier).
    public func adding(days: Int) -> LocalDate {
        let calendar = MilestoneDates.utcCalendar
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return LocalDate(calendar.date(byAdding: .day, value: days, to: date)!, in: calendar.timeZone)
    }

    /// Whole days from this date to `other` (negative when `other` is earlier).
    public func days(until other: LocalDate) -> Int {
        let calendar = MilestoneDates.utcCalendar
        let from = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        let to = calendar.date(from: DateComponents(year: other.year, month: other.month, day: other.day, hour: 12))!
        return calendar.dateComponents([.day], from: from, to: to).day ?? 0
    }

    /// The instant this date shows `hour:00` in `zone` (the first valid instant after a DST gap).
    public func instant(hour: Int, in zone: TimeZone) -> Date {
        let calendar = MilestoneDates.calendar(zone)
        let midnight = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return calendar.date(bySettingHour: hour, minute: 0, second: 0, of: midnight, direction: .forward)
            ?? calendar.nextDate(after: midnight, matching: DateComponents(hour: hour), matchingPolicy: .nextTime)!
    }
}

/// When a Knot milestone happens, shared by the server (which schedules reminders) and the client
/// SDK (which shows the countdown), so both agree (seed 000 `notification_scheduler.py`, decision
/// 103): yearly milestones are stored with the placeholder year 2000 and recur; 29 February falls on
/// 28 February in common years; holidays named Mother's Day (second Sunday of May), Father's Day
/// (third Sunday of June) or Thanksgiving (fourth Thursday of November) are computed for each year;
/// one-time milestones happen once.
public enum MilestoneDates {
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
    /// Only holiday and custom milestones float: "Father's birthday" keeps its date.
    public static func floatingHoliday(named name: String, type: String) -> FloatingHoliday? {
        guard type == "holiday" || type == "custom" else { return nil }
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

    public static func isLeapYear(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// A yearly milestone's date in `year`.
    public static func date(month: Int, day: Int, name: String, type: String, in year: Int) -> LocalDate {
        if let holiday = floatingHoliday(named: name, type: type) { return date(of: holiday, in: year) }
        if month == 2 && day == 29 && !isLeapYear(year) { return LocalDate(year: year, month: 2, day: 28) }
        return LocalDate(year: year, month: month, day: day)
    }

    /// The next occurrence of a milestone stored as `date` (`YYYY-MM-DD`): strictly after `today`,
    /// or on or after it when `includingToday` (the client's "Today!"; the server schedules
    /// reminders for the next occurrence, so today counts as passed there). `nil` for a one-time
    /// milestone that is over, or an unreadable date.
    public static func nextOccurrence(date: String, name: String, type: String, yearly: Bool, today: LocalDate, includingToday: Bool = false) -> LocalDate? {
        guard let stored = LocalDate(date) else { return nil }
        func isAhead(_ candidate: LocalDate) -> Bool { includingToday ? candidate >= today : candidate > today }
        guard yearly else { return isAhead(stored) ? stored : nil }
        let thisYear = Self.date(month: stored.month, day: stored.day, name: name, type: type, in: today.year)
        return isAhead(thisYear) ? thisYear : Self.date(month: stored.month, day: stored.day, name: name, type: type, in: today.year + 1)
    }
}
