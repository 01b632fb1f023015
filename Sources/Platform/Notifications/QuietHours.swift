import Foundation
import PlatformCore

/// A user's quiet hours, whole local hours in their IANA time zone (docs/platform/jobs-and-notifications.md): a window
/// that may cross midnight (22–8: quiet from 22:00 to 07:59), or lie within one day (1–6), or be
/// empty (start == end). A notification due inside the window is moved to its end, computed with
/// the zone's rules for that date, so it is right across daylight-saving changes.
public struct QuietHours: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public var timeZone: TimeZone

    /// The zone when neither the user nor the app names one (docs/platform/jobs-and-notifications.md).
    public static let defaultTimeZone = TimeZone(identifier: "America/New_York")!

    public init(start: Int, end: Int, timeZone: TimeZone) {
        self.start = start
        self.end = end
        self.timeZone = timeZone
    }

    /// The user's zone when it is a valid IANA identifier, otherwise `fallback`, otherwise New York.
    public static func zone(_ identifier: String?, fallback: String? = nil) -> TimeZone {
        for candidate in [identifier, fallback] {
            if let candidate, let zone = TimeZone(identifier: candidate) { return zone }
        }
        return defaultTimeZone
    }

    var calendar: Calendar { LocalDate.calendar(timeZone) }

    public func contains(_ date: Date) -> Bool {
        guard start != end else { return false }
        let hour = calendar.component(.hour, from: date)
        return start < end ? (start <= hour && hour < end) : (hour >= start || hour < end)
    }

    /// `date` itself when outside quiet hours, otherwise the next local `end:00` after it.
    public func deliveryTime(for date: Date) -> Date {
        guard contains(date) else { return date }
        return calendar.nextDate(after: date, matching: DateComponents(hour: end, minute: 0, second: 0), matchingPolicy: .nextTime) ?? date.addingTimeInterval(3600)
    }

    /// Midnight at the start of `date`'s local day (for daily caps).
    public func startOfDay(for date: Date) -> Date {
        calendar.startOfDay(for: date)
    }
}
