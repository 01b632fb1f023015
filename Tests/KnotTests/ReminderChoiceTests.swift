import AppServer
import Foundation
import KnotAPI
import KnotTestSupport
import Logging
import Notifications
import PlatformCore
import TestSupport
import Testing

@testable import Knot

@Suite("Per-milestone reminders, reminder status and cascades; hint paging", .timeLimit(.minutes(3)))
struct ReminderChoiceTests {
    typealias Reminders = MilestoneReminderTests

    static func milestoneIDs(_ client: TestClient, _ user: SignedIn) async throws -> [String: String] {
        let milestones = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken).json["milestones"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: milestones.map { ($0["milestone_name"] as! String, $0["id"] as! String) })
    }

    @Test("turning a milestone's reminders off cancels its pending ones, on schedules them again; vault edits keep the choice", arguments: TestDatabase.allCases)
    func perMilestone(_ database: TestDatabase) async throws {
        let clock = TestClock(Reminders.start)
        try await withIsolatedServer(database, configure: Reminders.longTokens, dependencies: .init(clock: clock)) { client, server in
            let gallery: [String: Any] = [
                "milestone_type": "custom", "milestone_name": "Gallery opening", "milestone_date": "2026-12-20", "recurrence": "one_time", "budget_tier": "minor_occasion",
            ]
            let user = try await Reminders.setUp(client, milestones: [Reminders.birthday, gallery])
            let ids = try await Self.milestoneIDs(client, user)
            let birthday = try #require(ids["Alex's Birthday"])
            func upcomingNames() async throws -> [String] { try await Reminders.upcoming(client, user).compactMap { $0["milestone_name"] as? String } }
            #expect(Set(try await upcomingNames()) == ["Alex's Birthday", "Gallery opening"])

            let off = try await client.send(.put, "/knot/api/v1/milestones/\(birthday)/notifications", token: user.accessToken, json: ["notifications_enabled": false])
            #expect(off.status == .ok && off.json["notifications_enabled"] as? Bool == false && off.json["milestone_id"] as? String == birthday)
            #expect(Set(try await upcomingNames()) == ["Gallery opening"])
            let vault = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken)
            let stored = (vault.json["milestones"] as? [[String: Any]] ?? []).first { $0["id"] as? String == birthday }
            #expect(stored?["notifications_enabled"] as? Bool == false)

            // A vault edit keeps the choice (the draft does not carry it), and the daily sweep too.
            let kept = (vault.json["milestones"] as? [[String: Any]] ?? []).map { milestone -> [String: Any] in
                milestone.filter { ["id", "milestone_type", "milestone_name", "milestone_date", "recurrence", "budget_tier"].contains($0.key) }
            }
            #expect(try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: Reminders.vault(kept)).status == .ok)
            _ = try await server.knot!.reminders.scheduleAll()
            #expect(Set(try await upcomingNames()) == ["Gallery opening"])

            let on = try await client.send(.put, "/knot/api/v1/milestones/\(birthday)/notifications", token: user.accessToken, json: ["notifications_enabled": true])
            #expect(on.status == .ok)
            #expect(try await upcomingNames().filter { $0 == "Alex's Birthday" }.count == 3)

            let stranger = try await client.signIn()
            #expect(
                try await client.send(.put, "/knot/api/v1/milestones/\(birthday)/notifications", token: stranger.accessToken, json: ["notifications_enabled": false]).status
                    == .notFound)
            let missing = try await client.send(.put, "/knot/api/v1/milestones/\(birthday)/notifications", token: user.accessToken, json: ["notifications_enabled": "no"])
            #expect(missing.status == .unprocessableContent || missing.status == .badRequest)
            let absent = try await client.send(.put, "/knot/api/v1/milestones/\(birthday)/notifications", token: user.accessToken, json: [:])
            #expect(absent.status == .unprocessableContent && absent.errorFields == ["notifications_enabled"])
            #expect(
                try await client.send(.put, "/knot/api/v1/milestones/not-a-uuid/notifications", token: user.accessToken, json: ["notifications_enabled": true]).status
                    == .notFound)
        }
    }

    @Test("a reminder for a user with no registered device is sent (in the history), not failed", arguments: TestDatabase.allCases)
    func sentWithoutDevice(_ database: TestDatabase) async throws {
        final class AcceptingPush: PushProvider {
            func send(_ payload: APNsPayload, to deviceToken: String) async -> PushOutcome { .accepted(apnsID: "id") }
        }
        let clock = TestClock(Reminders.start)
        try await withIsolatedServer(database, configure: Reminders.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Reminders.setUp(client)
            let knot = server.knot!
            let engine = NotificationEngine(
                database: server.database, accounts: server.auth.accounts, push: AcceptingPush(), clock: clock, rules: [.knot: DeliveryRules()], logger: Logger(label: "test"))
            let reminders = MilestoneNotifications(
                database: server.database, vaults: knot.vaults, accounts: server.auth.accounts, recommender: knot.recommender, engine: engine, clock: clock,
                logger: Logger(label: "test"))
            clock.advance(by: 2 * 3600 + 1)
            let due = try #require(try await server.scheduler.queue.claim(owner: "test", limit: 5, leaseDuration: 60).first)
            #expect(try await reminders.handle(due) == .completed)
            let history = try await client.send(KnotRoutes.notificationHistory, token: user.accessToken).value?.notifications ?? []
            #expect(history.first?.status == "sent" && history.first?.recommendationsCount == 3)
        }
    }

    @Test("a reminder goes with its milestone (ON DELETE CASCADE, seed 000 decision 48)", arguments: TestDatabase.allCases)
    func cascade(_ database: TestDatabase) async throws {
        let clock = TestClock(Reminders.start)
        try await withIsolatedServer(database, configure: Reminders.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Reminders.setUp(client)
            clock.advance(by: 2 * 3600 + 1)
            try await server.scheduler.drain()
            let history = try await client.send(KnotRoutes.notificationHistory, token: user.accessToken)
            #expect(history.value?.total == 1, "\(history.text)")
            var other = Reminders.birthday
            other["milestone_name"] = "Another day"
            other["milestone_date"] = "2000-07-01"
            #expect(try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: Reminders.vault([other])).status == .ok)
            let rows = try await server.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM notification_queue WHERE user_id = \(bind: UUID(uuidString: user.userID)!) AND milestone_id IS NULL").first()!
                    .decode(column: "n", as: Int.self)
            }
            #expect(rows == 0)
            let after = try await client.send(KnotRoutes.notificationHistory, token: user.accessToken)
            #expect(after.value?.total == 0, "the deleted milestone's reminders are gone")
        }
    }

    @Test("hints: offset paging with the total beside the cursor, 404 without a vault, 501 characters is 'Hint too long'", arguments: TestDatabase.allCases)
    func hintPaging(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let nobody = try await client.signIn()
            let none = try await client.send(KnotRoutes.hints, token: nobody.accessToken)
            #expect(none.status == .notFound && none.errorCode == "vault_not_found")
            let user = try await RecommendationAPITests.setUp(client)
            let empty = try await client.send(KnotRoutes.hints, token: user.accessToken)
            #expect(empty.status == .ok && empty.value?.total == 0)
            for index in 0..<5 {
                _ = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "hint \(index)"])
            }
            let page = try await client.send(KnotRoutes.hints, token: user.accessToken, query: "limit=2&offset=2")
            #expect(page.status == .ok && page.value?.total == 5)
            #expect(page.value?.hints.map(\.hintText) == ["hint 2", "hint 1"])
            let past = try await client.send(KnotRoutes.hints, token: user.accessToken, query: "offset=9")
            #expect(past.status == .ok && past.value?.hints.isEmpty == true && past.value?.total == 5)
            #expect(try await client.send(KnotRoutes.hints, token: user.accessToken, query: "offset=-1").status == .unprocessableContent)
            let long = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": String(repeating: "a", count: 501)])
            #expect(long.status == .unprocessableContent && long.text.contains("Hint too long"))
            #expect(try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": String(repeating: "a", count: 500)]).status == .created)
        }
    }
}
