import Foundation
import PlatformAPI
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
        let calendar = LocalDate.calendar(zone)
        // Gregorian weekdays: 1 = Sunday, 7 = Saturday.
        return LocalClock.next(hour: hour, minute: minute, after: date, calendar: calendar) { weekday in !weekdaysOnly || (2...6).contains(weekday) }
    }
}
