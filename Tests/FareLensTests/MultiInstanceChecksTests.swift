import AppServer
import FareLens
import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit
import TestSupport
import Testing

/// FareLens's scheduled 09:00/18:00 watchlist checks with three instances on one PostgreSQL
/// database: every instance runs the same quarter hour at once, and each user is still checked and
/// alerted once per local date and slot (the per-user claim), whichever instance wins.
@Suite("FareLens scheduled checks across instances", .timeLimit(.minutes(3)))
struct MultiInstanceChecksTests {
    /// Each instance's scheduled checks as its recurring job runs them, with that instance's own
    /// recording alerts and fake provider.
    struct Instance: Sendable {
        let runs: ScheduledWatchlistChecks
        let alerts: ChecksAPITests.RecordingAlerts
    }

    /// Runs the quarter hour ending at `end` on every instance at once; answers every delivery made.
    static func runAtOnce(_ instances: [Instance], endingAt end: Date) async throws -> [UserID] {
        let before = instances.map { $0.alerts.delivered.value.count }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for instance in instances { group.addTask { _ = try await instance.runs.run(endingAt: end) } }
            try await group.waitForAll()
        }
        return zip(instances, before).flatMap { instance, count in instance.alerts.delivered.value.dropFirst(count).map(\.user) }
    }

    @Test(
        "three instances running each quarter hour at once: Tokyo's and New York's 09:00 and Pro's 18:00 each claim and alert every user once; a repeat alerts nobody"
    )
    func oncePerUserAndSlot() async throws {
        let clock = TestClock(ChecksAPITests.start)
        try await withInstances(3, configure: { _, configuration in configuration.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) {
            clients, servers in
            let (_, tokyo, _) = try await ChecksAPITests.user(clients[0], zone: "Asia/Tokyo")
            let (_, newYork, _) = try await ChecksAPITests.user(clients[1], zone: "America/New_York")
            let (_, newYorkPro, _) = try await ChecksAPITests.user(clients[2], zone: "America/New_York", tier: "pro")
            let instances = try servers.map { server in
                let app = try #require(server.app(FareLensApp.self))
                let alerts = ChecksAPITests.RecordingAlerts()
                return Instance(runs: ScheduledWatchlistChecks(app.checks.with(alerting: alerts, search: ChecksAPITests.PricedSearch())), alerts: alerts)
            }
            let slots: [(instant: String, users: [UserID])] = [
                ("2026-03-02T00:00:00Z", [tokyo]),  // 09:00 in Tokyo
                ("2026-03-02T14:00:00Z", [newYork, newYorkPro]),  // 09:00 in New York
                ("2026-03-02T23:00:00Z", [newYorkPro]),  // 18:00 in New York: Pro only
            ]
            for slot in slots {
                let end = ChecksAPITests.utc(slot.instant)
                clock.advance(by: end.timeIntervalSince(clock.now()))
                let delivered = try await Self.runAtOnce(instances, endingAt: end)
                #expect(delivered.sorted(by: Self.order) == slot.users.sorted(by: Self.order), "\(slot.instant): one delivery per user, not \(delivered)")
                #expect(delivered.count == slot.users.count, "\(slot.instant): \(delivered.count) deliveries")
                // The job's retry, or a late instance, on the same quarter hour: nobody again.
                #expect(try await Self.runAtOnce(instances, endingAt: end).isEmpty, "\(slot.instant) repeated")
            }
            let runs = try await servers[0].database.read { db in
                try await db.raw("SELECT user_id, local_date, slot FROM farelens_watchlist_check_runs").all().map { row in
                    "\(try row.uuid("user_id").uuidString)|\(try row.decode(column: "local_date", as: String.self))|\(try row.decode(column: "slot", as: String.self))"
                }
            }
            #expect(
                runs.sorted()
                    == [
                        "\(tokyo.uuid.uuidString)|2026-03-02|morning", "\(newYork.uuid.uuidString)|2026-03-02|morning",
                        "\(newYorkPro.uuid.uuidString)|2026-03-02|morning", "\(newYorkPro.uuid.uuidString)|2026-03-02|evening",
                    ].sorted(), "one claim per user, local date and slot: \(runs)")
        }
    }

    static func order(_ a: UserID, _ b: UserID) -> Bool { a.uuid.uuidString < b.uuid.uuidString }
}
