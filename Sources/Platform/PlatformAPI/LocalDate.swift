import Foundation

/// A calendar date without a time or zone, `YYYY-MM-DD` on the wire: the one date-only type of the
/// platform (milestone dates, reminder days, export file names), shared by the server and clients.
/// Timestamps are `Date`s; a day someone celebrates is not an instant.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public var year: Int
    public var month: Int
    public var day: Int

    /// The date as given, unchecked (calendar arithmetic produces only real dates).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// A real date (year 1–9999, a day the month has), or nil.
    public init?(validYear year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD` loosely (any digit counts, no range check), for dates the server wrote.
    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD` and accepts only real dates: what input validation asks.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(validYear: year, month: month, day: day)
    }

    /// The date of `instant` in `zone`.
    public init(_ instant: Date, in zone: TimeZone) {
        let components = Self.calendar(zone).dateComponents([.year, .month, .day], from: instant)
        self.init(year: components.year!, month: components.month!, day: components.day!)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a YYYY-MM-DD date, got \(text)")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// `YYYY-MM-DD`.
    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// The same as ``description``: the wire text.
    public var text: String { description }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// This date moved by `days` (negative for earlier), in the proleptic Gregorian calendar the
    /// dates are validated in (Foundation's Gregorian calendar turns Julian before 1582, where it would
    /// reach days like 0200-02-29 that are not dates here).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// Whole days from this date to `other` (negative when `other` is earlier).
    public func days(until other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (the civil-date algorithm of
    /// Howard Hinnant's `days_from_civil`).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01 (``dayNumber``'s inverse).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// The ISO weekday, Monday 1 … Sunday 7 (1970-01-01 was a Thursday).
    public var isoWeekday: Int { ((dayNumber % 7 + 7 + 3) % 7) + 1 }

    /// The instant this date shows `hour:00` in `zone` (the first valid instant after a DST gap).
    public func instant(hour: Int, in zone: TimeZone) -> Date {
        let calendar = Self.calendar(zone)
        let midnight = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return calendar.date(bySettingHour: hour, minute: 0, second: 0, of: midnight, direction: .forward)
            ?? calendar.nextDate(after: midnight, matching: DateComponents(hour: hour), matchingPolicy: .nextTime)!
    }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// 28–31: the days `month` has in `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The `n`th `isoWeekday` (Monday 1 … Sunday 7, as ``isoWeekday``) of `month` in `year`:
    /// Thanksgiving, the fourth Thursday of November, is `nthWeekday(4, isoWeekday: 4, month: 11, year: year)`.
    /// Nil when the month has no such day (a fifth Monday most months lack) or `n` is not 1–5.
    public static func nthWeekday(_ n: Int, isoWeekday: Int, month: Int, year: Int) -> LocalDate? {
        guard (1...5).contains(n), (1...7).contains(isoWeekday), (1...12).contains(month) else { return nil }
        let first = LocalDate(year: year, month: month, day: 1)
        let day = 1 + (isoWeekday - first.isoWeekday + 7) % 7 + (n - 1) * 7
        guard day <= daysIn(month: month, year: year) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// The day `month`/`day` falls on in `year` for what recurs yearly (a birthday, an anniversary,
    /// Christmas): that date, but 29 February falls on 28 February in a common year.
    public static func yearly(month: Int, day: Int, in year: Int) -> LocalDate {
        month == 2 && day == 29 && !isLeap(year) ? LocalDate(year: year, month: 2, day: 28) : LocalDate(year: year, month: month, day: day)
    }

    /// The first day on or after this date that yearly `month`/`day` falls on
    /// (``yearly(month:day:in:)``): this year's, or next year's once this year's has passed.
    public func nextYearly(month: Int, day: Int) -> LocalDate {
        let thisYear = Self.yearly(month: month, day: day, in: year)
        return thisYear >= self ? thisYear : Self.yearly(month: month, day: day, in: year + 1)
    }

    /// The Gregorian calendar in UTC (date arithmetic on whole days).
    public static let utcCalendar = calendar(TimeZone(identifier: "UTC")!)

    /// The Gregorian calendar in `zone`.
    public static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
