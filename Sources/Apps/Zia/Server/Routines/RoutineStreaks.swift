import Foundation
import PlatformAPI
import ZiaAPI

/// Streaks and completion rate from what is stored: the local days runs were completed on (each in
/// the time zone the user had then, so a later move or a DST change never shifts a past day) and
/// today in the user's zone now. Pure: the stats route and the tests share it.
public enum RoutineStreaks {
    /// - Parameters:
    ///   - completedDays: the local days of completed runs, in any order, repeats allowed.
    ///   - today: the user's local date now.
    ///   - completed: completed runs; `abandoned`: abandoned ones (the run in progress counts in neither).
    public static func stats(completedDays: [LocalDate], today: LocalDate, completed: Int, abandoned: Int) -> RoutineStats {
        let days = Array(Set(completedDays)).sorted()
        var longest = 0
        var length = 0
        var previous: LocalDate?
        for day in days {
            length = previous.map { $0.days(until: day) == 1 } == true ? length + 1 : 1
            longest = max(longest, length)
            previous = day
        }
        // `length` is now the streak ending on the last day; it is alive while that day is today or yesterday.
        let current = previous.map { (0...1).contains($0.days(until: today)) } == true ? length : 0
        let started = completed + abandoned
        return RoutineStats(currentStreak: current, longestStreak: longest, completionRate: started == 0 ? 0 : Double(completed) / Double(started))
    }
}
