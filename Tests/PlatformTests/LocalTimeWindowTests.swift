import Foundation
import Jobs
import Testing

/// Local wall-clock times across zones at fixed instants: which zones pass 09:00 in a 15-minute
/// window, half-open windows, the days clocks change, offsets of a quarter hour.
@Suite("Local-time windows")
struct LocalTimeWindowTests {
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    static let nine = LocalTimeWindow.LocalTime(hour: 9)
    static let zones = ["Asia/Tokyo", "America/New_York", "Europe/London", "Asia/Kathmandu", "Not/AZone"]

    static func passing(_ end: String, _ time: LocalTimeWindow.LocalTime = nine) -> [String] {
        LocalTimeWindow(endingAt: utc(end)).zones(among: zones, passing: time).map { "\($0.identifier) \($0.localDate)" }
    }

    @Test("09:00 in Tokyo is 00:00 UTC, in New York 14:00 UTC in winter; the window is (end − 15 min, end]")
    func tokyoAndNewYork() {
        #expect(Self.passing("2026-11-26T00:00:00Z") == ["Asia/Tokyo 2026-11-26"])
        #expect(Self.passing("2026-11-26T00:15:00Z").isEmpty, "the start is excluded: Tokyo was served by the window before")
        #expect(Self.passing("2026-11-25T23:59:00Z").isEmpty)
        #expect(Self.passing("2026-11-26T14:00:00Z") == ["America/New_York 2026-11-26"])
        #expect(Self.passing("2026-11-26T09:00:00Z") == ["Europe/London 2026-11-26", "Not/AZone 2026-11-26"], "an unknown zone reads as UTC")
        #expect(Self.passing("2026-11-26T03:15:00Z") == ["Asia/Kathmandu 2026-11-26"], "+05:45 falls on a quarter hour")
    }

    @Test("every zone passes 09:00 in exactly one window a day")
    func oncePerDay() {
        var seen: [String: Int] = [:]
        var end = Self.utc("2026-11-26T00:00:00Z")
        for _ in 0..<96 {
            end = end.addingTimeInterval(LocalTimeWindow.period)
            for zone in LocalTimeWindow(endingAt: end).zones(among: Self.zones, passing: Self.nine) { seen[zone.identifier, default: 0] += 1 }
        }
        #expect(seen == Dictionary(uniqueKeysWithValues: Self.zones.map { ($0, 1) }))
    }

    @Test("DST: New York's 09:00 moves from 14:00 to 13:00 UTC on 2026-03-08; a skipped 02:30 happens at 03:00, a repeated 01:30 once")
    func daylightSaving() {
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(LocalTimeWindow(endingAt: Self.utc("2026-03-07T14:00:00Z")).instant(of: Self.nine, in: newYork) != nil)
        #expect(LocalTimeWindow(endingAt: Self.utc("2026-03-08T13:00:00Z")).instant(of: Self.nine, in: newYork) == Self.utc("2026-03-08T13:00:00Z"))
        #expect(LocalTimeWindow(endingAt: Self.utc("2026-03-08T14:00:00Z")).instant(of: Self.nine, in: newYork) == nil)
        let skipped = LocalTimeWindow.LocalTime(hour: 2, minute: 30)
        #expect(LocalTimeWindow(endingAt: Self.utc("2026-03-08T07:00:00Z")).instant(of: skipped, in: newYork) == Self.utc("2026-03-08T07:00:00Z"))
        let repeated = LocalTimeWindow.LocalTime(hour: 1, minute: 30)
        #expect(LocalTimeWindow(endingAt: Self.utc("2026-11-01T05:30:00Z")).instant(of: repeated, in: newYork) == Self.utc("2026-11-01T05:30:00Z"))
        #expect(LocalTimeWindow(endingAt: Self.utc("2026-11-01T06:30:00Z")).instant(of: repeated, in: newYork) == nil, "the repeat is not a second run")
    }
}
