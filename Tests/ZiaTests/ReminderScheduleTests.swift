import Foundation
import Testing
import Zia

/// ``ReminderSchedule``: the next local hour:minute on the reminder's days, in the user's zone,
/// across daylight-saving changes.
@Suite("Zia reminder schedule")
struct ReminderScheduleTests {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("daily: later today, else tomorrow; strictly after the given instant")
    func daily() {
        let schedule = ReminderSchedule(hour: 9, minute: 0, weekdaysOnly: false)
        #expect(schedule.next(after: Self.instant("2026-03-06T12:00:00Z"), in: Self.newYork) == Self.instant("2026-03-06T14:00:00Z"), "07:00 → 09:00 EST today")
        #expect(schedule.next(after: Self.instant("2026-03-06T14:00:00Z"), in: Self.newYork) == Self.instant("2026-03-07T14:00:00Z"), "at 09:00 → tomorrow")
        #expect(schedule.days == "1111111")
    }

    @Test("weekdays only: Friday evening's next is Monday; Saturday and Sunday are skipped")
    func weekdaysOnly() {
        let schedule = ReminderSchedule(hour: 17, minute: 0, weekdaysOnly: true)
        // Friday 6 March 2026, 18:00 EST.
        #expect(schedule.next(after: Self.instant("2026-03-06T23:00:00Z"), in: Self.newYork) == Self.instant("2026-03-09T21:00:00Z"), "Monday 17:00 EDT")
        #expect(schedule.days == "1111100")
    }

    @Test("across daylight saving: the same local time on both sides; a time the spring gap skips goes out just after it; the autumn repeat once")
    func daylightSaving() {
        let evening = ReminderSchedule(hour: 20, minute: 15, weekdaysOnly: false)
        #expect(evening.next(after: Self.instant("2026-03-08T02:00:00Z"), in: Self.newYork) == Self.instant("2026-03-09T00:15:00Z"), "Sat 21:00 EST → Sun 20:15 EDT")
        let gap = ReminderSchedule(hour: 2, minute: 30, weekdaysOnly: false)
        #expect(gap.next(after: Self.instant("2026-03-08T05:00:00Z"), in: Self.newYork) == Self.instant("2026-03-08T07:00:00Z"), "02:30 does not exist: 03:00 EDT")
        let repeated = ReminderSchedule(hour: 1, minute: 30, weekdaysOnly: false)
        let first = repeated.next(after: Self.instant("2026-11-01T04:00:00Z"), in: Self.newYork)
        #expect(first == Self.instant("2026-11-01T05:30:00Z"), "01:30 EDT, the first of the two")
        #expect(repeated.next(after: first, in: Self.newYork) == Self.instant("2026-11-02T06:30:00Z"), "not again at 01:30 EST the same night")
    }
}
