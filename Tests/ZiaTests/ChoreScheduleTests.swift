import Foundation
import PlatformAPI
import TestSupport
import Testing
import ZiaAPI

@testable import ZiaAssistant

/// The seed's `schedule_chores` as pure logic (a table of dates: month ends, leap days, weekdays),
/// the explicit weekday conversion, and the Chores agent's weekly days taken from it.
@Suite("Zia chore schedule")
struct ChoreScheduleTests {
    static func day(_ text: String) -> LocalDate { LocalDate(parsing: text)! }

    @Test(
        "occurrences: start included, month ends, leap days, the chosen weekdays only",
        arguments: [
            // 2026-01-26 is a Monday: Mondays and Saturdays over 14 days, across the end of January.
            ("2026-01-26", [Weekday.monday, .saturday], 14, ["2026-01-26", "2026-01-31", "2026-02-02", "2026-02-07"]),
            // Leap day 2028 (a Tuesday) and the end of February.
            ("2028-02-27", [.tuesday, .wednesday], 5, ["2028-02-29", "2028-03-01"]),
            // No leap day in 2100 (a century not divisible by 400): 28 February is a Sunday, 1 March a Monday.
            ("2100-02-27", [.sunday, .monday], 3, ["2100-02-28", "2100-03-01"]),
            // Across the year's end; the start day counts when it is chosen.
            ("2026-12-30", [.wednesday, .friday], 4, ["2026-12-30", "2027-01-01"]),
            // A 30-day month ends on its 30th.
            ("2026-04-29", Weekday.allCases, 3, ["2026-04-29", "2026-04-30", "2026-05-01"]),
            ("2026-03-01", [], 31, []),
            ("2026-03-01", [.sunday], 1, ["2026-03-01"]),
        ] as [(String, [Weekday], Int, [String])])
    func occurrences(_ start: String, _ weekdays: [Weekday], _ days: Int, _ expected: [String]) {
        let found = ChoreSchedule.occurrences(name: "Bins", start: Self.day(start), on: Set(weekdays), days: days)
        #expect(found.map(\.date.description) == expected)
        #expect(found.allSatisfy { $0.name == "Bins" })
        #expect(ChoreSchedule.occurrences(name: "Bins", start: Self.day(start), weekdays: ChoreSchedule.mask(Set(weekdays)), days: days) == found)
    }

    @Test("a year of Mondays from a Monday: 53 in 2024's 366 days, all Mondays")
    func wholeYear() {
        let mondays = ChoreSchedule.occurrences(name: "Laundry", start: Self.day("2024-01-01"), weekdays: [true] + Array(repeating: false, count: 6), days: 366)
        #expect(mondays.count == 53 && mondays.last?.date == Self.day("2024-12-30"))
        #expect(mondays.allSatisfy { Weekday($0.date) == .monday })
    }

    @Test("weekdays convert explicitly from Foundation's Sunday-first numbering")
    func conversion() {
        #expect((1...7).map { Weekday(gregorianWeekday: $0) } == [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday])
        #expect(Weekday(gregorianWeekday: 0) == nil && Weekday(gregorianWeekday: 8) == nil)
        #expect(Weekday(Self.day("2026-03-08")) == .sunday && Weekday(Self.day("2026-03-09")) == .monday)
        #expect(Weekday(name: "friday") == .friday && Weekday(name: "Friday") == nil && Weekday.friday.name == "friday")
    }

    @Test("the Chores agent's weekly days come from schedule_chores; daily is every day")
    func agentDays() {
        let household = HouseholdProfile()
        let weekly = ChoreBuilder().build(kind: "cleaning", frequency: "weekly", household: household)
        #expect(weekly.schedule.map(\.day) == ["monday", "wednesday", "friday", "sunday"])
        #expect(ChoreBuilder.weeklyDays(count: 7).map(\.name) == Weekday.names)
        let daily = ChoreBuilder().build(kind: "dishes", frequency: "daily", household: household)
        #expect(Set(daily.schedule.map(\.day)) == Set(Weekday.names) && daily.schedule.count == 21)
    }
}
