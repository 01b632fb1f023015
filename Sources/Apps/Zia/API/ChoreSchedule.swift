import Foundation
import PlatformAPI

/// `schedule_chores(name, start_date, weekdays, days)` (docs/zia.md, "Chores"): every date of the `days` days from
/// `start` (included) that falls on an enabled weekday. Pure: the chores route and the Chores
/// agent's weekly schedule use it.
public enum ChoreSchedule {
    /// - Parameter weekdays: seven flags, Monday first (``Weekday``).
    public static func occurrences(name: String, start: LocalDate, weekdays: [Bool], days: Int) -> [ChoreOccurrence] {
        precondition(weekdays.count == 7, "weekdays are seven flags, Monday first")
        return (0..<max(days, 0)).compactMap { offset in
            let date = start.adding(days: offset)
            return weekdays[Weekday(date).rawValue] ? ChoreOccurrence(name: name, date: date) : nil
        }
    }

    /// ``occurrences(name:start:weekdays:days:)`` for a set of weekdays.
    public static func occurrences(name: String, start: LocalDate, on weekdays: Set<Weekday>, days: Int) -> [ChoreOccurrence] {
        occurrences(name: name, start: start, weekdays: mask(weekdays), days: days)
    }

    /// The chosen weekdays of one week, in order: ``occurrences(name:start:on:days:)`` over the seven
    /// days from a Monday (the Chores agent's weekly schedule).
    public static func week(on weekdays: Set<Weekday>) -> [Weekday] {
        occurrences(name: "", start: referenceMonday, on: weekdays, days: 7).map { Weekday($0.date) }
    }

    /// 1 January 2024, a Monday.
    static let referenceMonday = LocalDate(year: 2024, month: 1, day: 1)

    /// Seven flags, Monday first.
    public static func mask(_ weekdays: Set<Weekday>) -> [Bool] { Weekday.allCases.map(weekdays.contains) }
}
