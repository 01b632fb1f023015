import Foundation

/// ISO 8601 timestamps in UTC with milliseconds (`2026-11-21T16:49:38.123Z`). Formatting is done by
/// hand: it runs for every timestamp of every response, and the general-purpose formatters cost
/// several microseconds each.
public enum ISO8601 {
    public static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The UTC day holding `date`, `YYYY-MM-DD` (`run_metrics.day`, per-day reports).
    public static func day(of date: Date) -> String { String(string(from: date).prefix(10)) }

    /// The timestamp of an instant that was read from a timestamp (a client's dates): to the
    /// *nearest* millisecond, because `…26.980Z` decoded is often a hair below its millisecond as a
    /// `Double`, and cutting it would write `…26.979Z`.
    public static func string(nearestMillisecondOf date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded()), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the 24 bytes of `date`'s timestamp to `bytes` (cut to the millisecond).
    public static func append(_ date: Date, to bytes: inout [UInt8]) {
        append(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)), to: &bytes)
    }

    /// Appends the 24 bytes of the timestamp `milliseconds` after 1970 to `bytes`.
    public static func append(milliseconds: Int64, to bytes: inout [UInt8]) {
        var seconds = Int(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient)
        var millis = Int(milliseconds - Int64(seconds) * 1000)
        if millis < 0 {
            millis += 1000
            seconds -= 1
        }
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let dayNumber = secondOfDay < 0 ? days - 1 : days
        let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
        let (year, month, day) = civilDate(fromDays: dayNumber)
        // Filled on the stack and appended in one go: a byte-by-byte append checks the array's
        // uniqueness and capacity 24 times per timestamp, 20 timestamps a hint page (issue 13).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { out in
            func put(_ value: Int, _ width: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    out[index] = UInt8(48 + value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0); out[4] = 45
            put(month, 2, at: 5); out[7] = 45
            put(day, 2, at: 8); out[10] = 84
            put(second / 3600, 2, at: 11); out[13] = 58
            put(second / 60 % 60, 2, at: 14); out[16] = 58
            put(second % 60, 2, at: 17); out[19] = 46
            put(millis, 3, at: 20); out[23] = 90
            bytes.append(contentsOf: UnsafeBufferPointer(out))
        }
    }

    /// Days since 1970-01-01 → proleptic Gregorian (year, month, day) (H. Hinnant's algorithm).
    static func civilDate(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// What a client is told about an instant ``date(from:)`` refuses.
    public static let requirement =
        "must be an RFC 3339 date and time with its offset, such as 2027-03-05T09:00:00Z or 2027-03-05T09:00:00+05:30 (a real date and time, years 0001–9999)"

    /// The one instant parser of the API: an RFC 3339 timestamp (`2027-07-01T09:00:00Z`,
    /// `2027-07-01T09:00:00.250+05:30`, `t`/`z` in either case), its offset honoured, any number of
    /// fractional digits (kept to the microsecond). Anything else is nil: a date or time that does
    /// not exist (`2027-02-30`, hour 24, minute 60, second 60), an offset beyond ±23:59, a year
    /// outside 0001–9999 as written or once moved to UTC, a missing offset, extra characters.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count >= 20 else { return nil }
            var index = 0
            func number(_ width: Int) -> Int? {
                guard index + width <= bytes.count else { return nil }
                var value = 0
                for _ in 0..<width {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                    index += 1
                }
                return value
            }
            func expect(_ options: UInt8...) -> Bool {
                guard index < bytes.count, options.contains(bytes[index]) else { return false }
                index += 1
                return true
            }
            guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
                expect(84, 116), let hour = number(2), expect(58), let minute = number(2), expect(58), let second = number(2)
            else { return nil }
            guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year),
                hour < 24, minute < 60, second < 60
            else { return nil }
            var micros = 0
            if index < bytes.count, bytes[index] == 46 {
                index += 1
                var digits = 0
                while index < bytes.count, (48...57).contains(bytes[index]) {
                    if digits < 6 { micros = micros * 10 + Int(bytes[index]) - 48 }
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
                for _ in min(digits, 6)..<6 { micros *= 10 }
            }
            var offsetSeconds = 0
            if expect(90, 122) {
                offsetSeconds = 0
            } else if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 {
                let sign = bytes[index] == 45 ? -1 : 1
                index += 1
                guard let offsetHour = number(2), expect(58), let offsetMinute = number(2), offsetHour < 24, offsetMinute < 60 else { return nil }
                offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
            } else {
                return nil
            }
            guard index == bytes.count else { return nil }
            let days = daysFromCivil(year: year, month: month, day: day)
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
            // Years 0001–9999 in UTC too (what every store and cursor holds).
            guard seconds >= -62_135_596_800, seconds < 253_402_300_800 else { return nil }
            return Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's algorithm), the inverse of
    /// ``civilDate(fromDays:)``.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
