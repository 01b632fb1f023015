import Foundation
import PlatformCore

/// Work at a local wall-clock time for users across time zones (a 09:00 digest in Tokyo and in New
/// York): recurring jobs run in UTC, so a job that runs every ``period`` (aligned, so instances agree
/// on its occurrences) asks which zones' clocks passed the local time during the period that ended
/// at its occurrence, and serves the users of those zones.
///
/// A window is half-open, `(end − period, end]`: consecutive occurrences cover time without gap or
/// overlap, so each zone passes a local time in exactly one window a day. Days a zone changes its
/// clock are handled as the calendar does: a local time the change skips happens at the first
/// instant after the gap (02:30 on a spring-forward night is 03:00), one it repeats happens once, at
/// its first occurrence.
public struct LocalTimeWindow: Sendable, Equatable {
    /// A wall-clock time of day.
    public struct LocalTime: Sendable, Hashable {
        public var hour: Int
        public var minute: Int

        public init(hour: Int, minute: Int = 0) {
            self.hour = hour
            self.minute = minute
        }
    }

    /// The default period: a quarter of an hour, the finest step of the world's UTC offsets
    /// (Nepal's +05:45), so every zone's whole hour falls on a window's end or inside it.
    public static let period: TimeInterval = 15 * 60

    /// The sizes of clock changes in use (Lord Howe's half hour, the common hour, the rare two).
    static let clockShifts: [TimeInterval] = [1800, 3600, 7200]

    /// The window's start (excluded) and end (included).
    public var start: Date
    public var end: Date

    public init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }

    /// The window ending at a recurring job's occurrence `end`.
    public init(endingAt end: Date, period: TimeInterval = Self.period) {
        self.init(start: end.addingTimeInterval(-period), end: end)
    }

    /// The instant `zone`'s clock passes `time` inside this window, if it does.
    public func instant(of time: LocalTime, in zone: TimeZone) -> Date? {
        let calendar = LocalDate.calendar(zone)
        guard
            let next = calendar.nextDate(
                after: start, matching: DateComponents(hour: time.hour, minute: time.minute, second: 0), matchingPolicy: .nextTime,
                repeatedTimePolicy: .first, direction: .forward),
            next <= end
        else { return nil }
        // A repeated local time counts at its first occurrence only: when the clock already read it
        // a shift earlier (the hour a fall-back repeats), that was its time.
        let wall: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute]
        let reading = calendar.dateComponents(wall, from: next)
        for shift in Self.clockShifts where calendar.dateComponents(wall, from: next.addingTimeInterval(-shift)) == reading { return nil }
        return next
    }

    /// The zones among `identifiers` whose clock passes `time` inside this window, each with the
    /// local date it does so on (`YYYY-MM-DD`, the key of an idempotent daily run). An unknown
    /// identifier is read as UTC, as the platform reads a user's zone.
    public func zones(among identifiers: some Sequence<String>, passing time: LocalTime) -> [(identifier: String, localDate: String)] {
        identifiers.compactMap { identifier in
            let zone = TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
            guard let instant = instant(of: time, in: zone) else { return nil }
            return (identifier, LocalDate(instant, in: zone).text)
        }
    }
}
