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

    @Test("the nth weekday of a month: the floating holidays, a 5th one only where the month has it (29 February in a leap year), nothing outside 1–5")
    func nthWeekdays() {
        #expect(LocalDate.nthWeekday(4, isoWeekday: 4, month: 11, year: 2026) == LocalDate(year: 2026, month: 11, day: 26), "Thanksgiving")
        #expect(LocalDate.nthWeekday(2, isoWeekday: 7, month: 5, year: 2026) == LocalDate(year: 2026, month: 5, day: 10), "Mother's Day")
        #expect(LocalDate.nthWeekday(3, isoWeekday: 7, month: 6, year: 2026) == LocalDate(year: 2026, month: 6, day: 21), "Father's Day")
        #expect(LocalDate.nthWeekday(1, isoWeekday: 5, month: 5, year: 2026) == LocalDate(year: 2026, month: 5, day: 1), "the month's first day")
        #expect(LocalDate.nthWeekday(5, isoWeekday: 4, month: 2, year: 2024) == LocalDate(year: 2024, month: 2, day: 29), "a leap February's 5th Thursday")
        #expect(LocalDate.nthWeekday(5, isoWeekday: 5, month: 2, year: 2024) == nil, "no 5th Friday: 1 March is not February's")
        #expect(LocalDate.nthWeekday(5, isoWeekday: 7, month: 2, year: 2032) == LocalDate(year: 2032, month: 2, day: 29))
        #expect(LocalDate.nthWeekday(4, isoWeekday: 6, month: 2, year: 2026) == LocalDate(year: 2026, month: 2, day: 28))
        #expect(LocalDate.nthWeekday(5, isoWeekday: 7, month: 2, year: 2026) == nil, "a common February starting on a Sunday has four of each")
        #expect(LocalDate.nthWeekday(5, isoWeekday: 1, month: 11, year: 2026) == LocalDate(year: 2026, month: 11, day: 30))
        #expect(LocalDate.nthWeekday(5, isoWeekday: 2, month: 11, year: 2026) == nil)
        for (n, isoWeekday, month) in [(0, 1, 1), (6, 1, 1), (-1, 1, 1), (1, 0, 1), (1, 8, 1), (1, 1, 0), (1, 1, 13)] {
            #expect(LocalDate.nthWeekday(n, isoWeekday: isoWeekday, month: month, year: 2026) == nil, "\(n) \(isoWeekday) \(month)")
        }
        // Every month of leap and common years (1900 and 2100 are common, 2000 and 2024 leap): the
        // month's days of that weekday, counted one by one.
        for year in [1900, 2000, 2023, 2024, 2026, 2100] {
            for month in 1...12 {
                let days = (1...LocalDate.daysIn(month: month, year: year)).map { LocalDate(year: year, month: month, day: $0) }
                for isoWeekday in 1...7 {
                    let matching = days.filter { $0.isoWeekday == isoWeekday }
                    for n in 1...5 {
                        let expected: LocalDate? = n <= matching.count ? matching[n - 1] : nil
                        #expect(LocalDate.nthWeekday(n, isoWeekday: isoWeekday, month: month, year: year) == expected, "\(n) \(isoWeekday) \(month)/\(year)")
                    }
                }
            }
        }
        // What the apps computed with Foundation's calendar before (weekday 1 = Sunday, weekdayOrdinal).
        let calendar = LocalDate.utcCalendar
        for year in 2020...2030 {
            for month in 1...12 {
                for isoWeekday in 1...7 {
                    for n in 1...4 {
                        let components = DateComponents(year: year, month: month, weekday: isoWeekday % 7 + 1, weekdayOrdinal: n)
                        let foundation = calendar.date(from: components).map { LocalDate($0, in: calendar.timeZone) }
                        #expect(LocalDate.nthWeekday(n, isoWeekday: isoWeekday, month: month, year: year) == foundation, "\(n) \(isoWeekday) \(month)/\(year)")
                    }
                }
            }
        }
    }

    @Test("a yearly month/day: itself, but 29 February falls on 28 February in common years (1900 and 2100 too, not 2000)")
    func yearlyDates() {
        #expect(LocalDate.yearly(month: 3, day: 5, in: 2027) == LocalDate(year: 2027, month: 3, day: 5))
        #expect(LocalDate.yearly(month: 2, day: 28, in: 2027) == LocalDate(year: 2027, month: 2, day: 28))
        #expect(LocalDate.yearly(month: 2, day: 29, in: 2027) == LocalDate(year: 2027, month: 2, day: 28))
        #expect(LocalDate.yearly(month: 2, day: 29, in: 2028) == LocalDate(year: 2028, month: 2, day: 29))
        #expect(LocalDate.yearly(month: 2, day: 29, in: 1900) == LocalDate(year: 1900, month: 2, day: 28))
        #expect(LocalDate.yearly(month: 2, day: 29, in: 2000) == LocalDate(year: 2000, month: 2, day: 29))
        #expect(LocalDate.yearly(month: 2, day: 29, in: 2100) == LocalDate(year: 2100, month: 2, day: 28))
    }

    @Test("the next yearly month/day on or after a date: today counts, a passed one is next year's, 29 February by the leap rule")
    func nextYearlyDates() {
        let today = LocalDate(year: 2026, month: 12, day: 28)
        #expect(today.nextYearly(month: 12, day: 28) == today, "today counts")
        #expect(today.nextYearly(month: 12, day: 25) == LocalDate(year: 2027, month: 12, day: 25))
        #expect(today.nextYearly(month: 12, day: 31) == LocalDate(year: 2026, month: 12, day: 31))
        #expect(today.nextYearly(month: 1, day: 1) == LocalDate(year: 2027, month: 1, day: 1))
        #expect(LocalDate(year: 2027, month: 1, day: 10).nextYearly(month: 2, day: 29) == LocalDate(year: 2027, month: 2, day: 28))
        #expect(LocalDate(year: 2027, month: 2, day: 28).nextYearly(month: 2, day: 29) == LocalDate(year: 2027, month: 2, day: 28), "on the day it falls on")
        #expect(LocalDate(year: 2027, month: 3, day: 1).nextYearly(month: 2, day: 29) == LocalDate(year: 2028, month: 2, day: 29))
        #expect(LocalDate(year: 2028, month: 2, day: 29).nextYearly(month: 2, day: 29) == LocalDate(year: 2028, month: 2, day: 29))
        #expect(LocalDate(year: 2028, month: 3, day: 1).nextYearly(month: 2, day: 29) == LocalDate(year: 2029, month: 2, day: 28))
        #expect(LocalDate(year: 2099, month: 3, day: 1).nextYearly(month: 2, day: 29) == LocalDate(year: 2100, month: 2, day: 28), "2100 is common")
    }
}
