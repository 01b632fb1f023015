import Foundation
import Observation

/// The holiday quick-add chips of the milestones step (Mother's and Father's Day float; their stored
/// date is an approximation: docs/knot.md, "Floating holidays").
public enum HolidayOption: String, CaseIterable, Sendable, Hashable {
    case valentinesDay, mothersDay, fathersDay, christmas, newYearsEve

    public var displayName: String {
        switch self {
        case .valentinesDay: "Valentine's Day"
        case .mothersDay: "Mother's Day"
        case .fathersDay: "Father's Day"
        case .christmas: "Christmas"
        case .newYearsEve: "New Year's Eve"
        }
    }

    public var date: MonthDay {
        switch self {
        case .valentinesDay: MonthDay(month: 2, day: 14)
        case .mothersDay: MonthDay(month: 5, day: 11)
        case .fathersDay: MonthDay(month: 6, day: 15)
        case .christmas: MonthDay(month: 12, day: 25)
        case .newYearsEve: MonthDay(month: 12, day: 31)
        }
    }
}
