import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import TestSupport
import Testing

/// The 07:00 release of alerts deferred by quiet hours, on both databases at fixed instants in a
/// negative- and a positive-offset zone: the tier's cap takes them in smart-queue order (not the order
/// they came, not DealScore), counted against the local day of the release, and the rest stay in the
/// history as capped.
@Suite("FareLens alerts 07:00 release", .timeLimit(.minutes(3)))
struct AlertsReleaseAPITests {
    /// `hour:minute` local time in `zone` on 2026-03-`day` (before the US's change to summer time).
    static func local(_ zone: String, day: Int, hour: Int, minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar.date(from: DateComponents(year: 2026, month: 3, day: day, hour: hour, minute: minute))!
    }

    /// Five deals of 90 or more arriving in quiet hours, (local day, hour, minute, origin,
    /// destination, DealScore), in arrival order. With LAX preferred (queue score ×2 on Free), the
    /// queue is BKK 182, SYD 180, NRT 99, HNL 95, ICN 93: its first three are neither the first
    /// three to arrive (HNL, NRT, SYD) nor the three best DealScores (NRT, HNL, ICN).
    static let night: [(day: Int, hour: Int, minute: Int, origin: String, destination: String, score: Int)] = [
        (2, 23, 0, "SFO", "HNL", 95), (3, 0, 0, "SFO", "NRT", 99), (3, 0, 30, "LAX", "SYD", 90), (3, 1, 0, "SFO", "ICN", 93), (3, 2, 0, "LAX", "BKK", 91),
    ]

    @Test(
        "≥ 90 deals deferred from 23:00–02:00 are released at 07:00 local: Free gets the queue's first 3 (the rest capped, in history), Pro all 5",
        arguments: TestDatabase.allCases, ["America/Los_Angeles", "Asia/Tokyo"])
    func releaseInQueueOrder(_ database: TestDatabase, zone: String) async throws {
        // A database of its own: the release offers every user's due alerts, so on a shared database
        // it would also take those of tests running alongside at other instants.
        let clock = TestClock(Self.local(zone, day: 2, hour: 21))
        try await withIsolatedServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) { client, server in
            let app = try #require(server.apps.compactMap { $0 as? FareLensApp }.first)
            var users: [(tier: String, member: AlertsAPITests.Member, id: UserID)] = []
            for tier in ["free", "pro"] {
                let (member, id) = try await AlertsAPITests.signIn(client, zone: zone, tier: tier)
                let preferred = try await client.send(
                    .put, FareLensRoutes.updatePreferences.endpoint.path, token: try await member.token(client), json: ["preferred_airports": [["iata": "LAX"]]])
                #expect(preferred.status == .ok, "\(preferred.text)")
                users.append((tier, member, id))
            }
            // 21:00 the evening before: outside quiet hours, three go at once (the Free cap of that day).
            for user in users {
                let evening = ["DEN", "ORD", "BOS"].map { AlertsAPITests.result(user.id, "SFO", $0, [AlertsAPITests.deal("SFO", $0, score: 85)], at: clock.now()) }
                try await app.alerts.service.deliver(evening, for: user.id)
                #expect(try await AlertsAPITests.alerts(client, user.member).map(\.status) == [.sent, .sent, .sent], "\(user.tier)")
            }
            for arrival in Self.night {
                clock.advance(by: Self.local(zone, day: arrival.day, hour: arrival.hour, minute: arrival.minute).timeIntervalSince(clock.now()))
                for user in users {
                    let deal = AlertsAPITests.deal(arrival.origin, arrival.destination, score: arrival.score)
                    try await app.alerts.service.deliver([AlertsAPITests.result(user.id, arrival.origin, arrival.destination, [deal], at: clock.now())], for: user.id)
                }
            }
            let seven = Self.local(zone, day: 3, hour: 7)
            for user in users {
                let waiting = try await AlertsAPITests.alerts(client, user.member).filter { $0.status == .deferred }
                #expect(waiting.count == 5 && waiting.allSatisfy { $0.deliverAt == seven }, "\(user.tier): \(waiting)")
            }
            clock.advance(by: seven.addingTimeInterval(-60).timeIntervalSince(clock.now()))
            #expect(try await app.alerts.service.releaseDue() == 0, "06:59: still quiet")
            clock.advance(by: 60)
            #expect(try await app.alerts.service.releaseDue() == 10)

            let night = Set(Self.night.map(\.destination))
            for user in users {
                let alerts = try await AlertsAPITests.alerts(client, user.member).filter { night.contains($0.destination) }
                #expect(alerts.count == 5, "\(user.tier): every alert kept")
                let sent = Set(alerts.filter { $0.status == .sent }.map(\.destination))
                let capped = Set(alerts.filter { $0.status == .capped }.map(\.destination))
                if user.tier == "free" {
                    #expect(sent == ["BKK", "SYD", "NRT"], "the queue's first three, counted against the new local day: \(alerts)")
                    #expect(capped == ["HNL", "ICN"], "over the cap, kept in history: \(alerts)")
                } else {
                    #expect(sent == night && capped.isEmpty, "Pro: 5 under its cap of 6: \(alerts)")
                }
            }
        }
    }
}
