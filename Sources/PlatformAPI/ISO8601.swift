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

    public static func date(from text: String) -> Date? {
        (try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: .iso8601))
    }
}
