import Foundation
import PlatformCore
import Testing

@Suite("Wire format", .timeLimit(.minutes(3)))
struct WireFormatTests {
    @Test(
        "timestamps are ISO 8601 UTC with milliseconds and agree with Foundation's formatter",
        arguments: [
            0.0, 951_782_400.5, 1_795_280_193.155833, -86_400.25, 4_102_444_799.999, 1_709_164_800.0,
        ])
    func timestamps(_ seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let ours = ISO8601.string(from: date)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let truncated = Date(timeIntervalSince1970: (seconds * 1000).rounded(.down) / 1000)
        #expect(ours == formatter.string(from: truncated))
        let parsed = try #require(ISO8601.date(from: ours))
        #expect(abs(parsed.timeIntervalSince(truncated)) < 0.001)
    }
}

@Suite("UUID text", .timeLimit(.minutes(3)))
struct UUIDTextTests {
    @Test("formatting and parsing agree with Foundation")
    func roundTrips() {
        for _ in 0..<200 {
            let uuid = UUID()
            #expect(uuid.lowercasedString == uuid.uuidString.lowercased())
            #expect(UUID(parsing: uuid.uuidString) == uuid)
            #expect(UUID(parsing: uuid.lowercasedString) == uuid)
        }
        for bad in ["", "not-a-uuid", "0000000-0000-0000-0000-0000000000000", "g0000000-0000-0000-0000-000000000000", "00000000x0000-0000-0000-000000000000"] {
            #expect(UUID(parsing: bad) == nil, "\(bad)")
        }
    }
}
