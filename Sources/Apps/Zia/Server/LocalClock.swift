import Foundation

/// A wall-clock time as instants in a time zone, right across daylight-saving changes: what
/// reminders (their next delivery) and calendar suggestions (their next start) both ask.
enum LocalClock {
    /// The first instant strictly after `date` at which `calendar`'s time zone shows `hour:minute`
    /// on a day `allows` accepts (by Gregorian weekday: 1 = Sunday … 7 = Saturday). Each day's
    /// instant is computed with the zone's rules for that day: a time the spring-forward gap skips is
    /// the first instant after the gap; a time the autumn repeats, its first occurrence.
    static func next(hour: Int, minute: Int, after date: Date, calendar: Calendar, on allows: (Int) -> Bool = { _ in true }) -> Date {
        let today = calendar.startOfDay(for: date)
        for offset in 0...8 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today), allows(calendar.component(.weekday, from: day)) else { continue }
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            guard let instant = instant(year: parts.year!, month: parts.month!, day: parts.day!, hour: hour, minute: minute, calendar: calendar), instant > date
            else { continue }
            return instant
        }
        return date.addingTimeInterval(86_400)  // not reached: some day of the next eight is allowed
    }

    /// The instant a local date shows `hour:minute`: the earlier of two in an autumn repeat, the
    /// first valid one after a spring gap.
    static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, calendar: Calendar) -> Date? {
        let wanted = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        guard let midnight = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        return calendar.nextDate(after: midnight.addingTimeInterval(-1), matching: DateComponents(hour: hour, minute: minute, second: 0), matchingPolicy: .nextTime)
            ?? calendar.date(from: wanted)
    }
}
