import Foundation
import PlatformAPI

/// A day of the week, Monday first (Monday 0 … Sunday 6; docs/zia.md, "Chores"). Calendars number
/// weekdays differently (Foundation's Gregorian `weekday`: Sunday 1 … Saturday 7), so every conversion is explicit and made here.
public enum Weekday: Int, CaseIterable, Codable, Sendable {
    case monday = 0, tuesday, wednesday, thursday, friday, saturday, sunday

    /// From Foundation's Gregorian `weekday` component (1 Sunday, 2 Monday, … 7 Saturday).
    public init?(gregorianWeekday: Int) {
        guard (1...7).contains(gregorianWeekday) else { return nil }
        self.init(rawValue: (gregorianWeekday + 5) % 7)
    }

    /// The weekday `date` falls on.
    public init(_ date: LocalDate) {
        self.init(rawValue: date.isoWeekday - 1)!
    }

    /// `monday` … `sunday`: the name on the wire.
    public var name: String { Self.names[rawValue] }

    /// The weekday a lower-case name names.
    public init?(name: String) {
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: index)
    }

    public static let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
}
