import Foundation
import PlatformAPI
import Testing

/// Date arithmetic in the proleptic Gregorian calendar the dates are validated in: no day it reaches
/// is one `LocalDate(parsing:)` refuses, in any year the wire allows (0001–9999).
@Suite("Local date arithmetic")
struct LocalDateArithmeticTests {
    @Test("leap days by the Gregorian rule in every century: 0200 and 1900 have no 29 February, 2000 and 0400 do")
    func leapDays() {
        #expect(LocalDate(year: 200, month: 2, day: 28).adding(days: 1) == LocalDate(year: 200, month: 3, day: 1), "what the fuzzer found: 0200-02-29")
        #expect(LocalDate(year: 1900, month: 2, day: 28).adding(days: 1) == LocalDate(year: 1900, month: 3, day: 1))
        #expect(LocalDate(year: 2000, month: 2, day: 28).adding(days: 1) == LocalDate(year: 2000, month: 2, day: 29))
        #expect(LocalDate(year: 400, month: 2, day: 28).adding(days: 1) == LocalDate(year: 400, month: 2, day: 29))
        #expect(LocalDate(year: 1, month: 1, day: 1).adding(days: -1) == LocalDate(year: 0, month: 12, day: 31))
    }

    @Test("every day from 0001 to 9999 is a valid date, one after the other, and days(until:) counts them")
    func everyDay() {
        let first = LocalDate(year: 1, month: 1, day: 1), last = LocalDate(year: 9999, month: 12, day: 31)
        var date = first
        var count = 0
        var refused: [String] = []
        while date < last {
            let next = date.adding(days: 1)
            // A real date by the rule `LocalDate(parsing:)` applies (checked by text every 1,000 days).
            let real = (1...12).contains(next.month) && (1...LocalDate.daysIn(month: next.month, year: next.year)).contains(next.day)
            if !real || next.dayNumber != date.dayNumber + 1 || (count % 1000 == 0 && LocalDate(parsing: next.text) != next) { refused.append(next.text) }
            date = next
            count += 1
        }
        #expect(refused.isEmpty, "\(refused.prefix(5))")
        #expect(first.days(until: last) == count && count == 3_652_058)
        #expect(LocalDate(year: 1970, month: 1, day: 1).dayNumber == 0)
    }

    @Test("modern dates agree with Foundation's calendar; ISO weekdays are right")
    func agreesWithFoundation() {
        let calendar = LocalDate.utcCalendar
        for offset in stride(from: -40_000, through: 40_000, by: 997) {
            let instant = Date(timeIntervalSince1970: Double(offset) * 86_400 + 43_200)
            let date = LocalDate(instant, in: calendar.timeZone)
            #expect(date.dayNumber == offset)
            let foundationWeekday = calendar.component(.weekday, from: instant)  // 1 Sunday … 7 Saturday
            #expect(date.isoWeekday == (foundationWeekday + 5) % 7 + 1)
        }
        #expect(LocalDate(year: 2026, month: 11, day: 26).isoWeekday == 4, "a Thursday")
        #expect(LocalDate(year: 2026, month: 3, day: 1).days(until: LocalDate(year: 2027, month: 3, day: 1)) == 365)
    }
}
