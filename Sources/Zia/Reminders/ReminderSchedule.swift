import Foundation
import ZiaAPI

/// When a reminder goes out (pure logic): at its local hour:minute, on its days (every day, or
/// Monday to Friday), in the user's time zone. Each instant is computed from the local date with
/// the zone's rules for that date, so it is right across daylight-saving changes: a time the
/// spring-forward gap skips goes out at the first instant after the gap; a time the autumn repeats
/// goes out once, at its first occurrence.
public struct ReminderSchedule: Sendable, Equatable {
    public var hour: Int
    public var minute: Int
    public var weekdaysOnly: Bool

    public init(hour: Int, minute: Int, weekdaysOnly: Bool) {
        self.hour = hour
        self.minute = minute
        self.weekdaysOnly = weekdaysOnly
    }

    public init(_ setting: ReminderSetting) {
        self.init(hour: setting.hour, minute: setting.minute, weekdaysOnly: setting.weekdaysOnly)
    }

    /// The table's `days`: seven 0/1 digits, Monday first.
    public var days: String { weekdaysOnly ? "1111100" : "1111111" }

    /// The first instant strictly after `date` when the reminder goes out in `zone`.
    public func next(after date: Date, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.startOfDay(for: date)
        for offset in 0...8 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today) else { continue }
            // Gregorian weekdays: 1 = Sunday, 7 = Saturday.
            let weekday = calendar.component(.weekday, from: day)
            if weekdaysOnly && (weekday == 1 || weekday == 7) { continue }
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            guard let instant = Self.instant(year: parts.year!, month: parts.month!, day: parts.day!, hour: hour, minute: minute, calendar: calendar),
                instant > date
            else { continue }
            return instant
        }
        return date.addingTimeInterval(86_400)  // not reached: some day of the next eight matches
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
