import AppServer
import Foundation
import Jobs
import PlatformCore
import TestSupport
import Testing
import Zia
import ZiaAPI

/// `GET|PUT /zia/v1/reminders` through the HTTP API on both databases, delivered by the job
/// scheduler to the outbox at the chosen local times (a TestClock drives both).
@Suite("Zia reminders", .timeLimit(.minutes(3)))
struct ReminderAPITests {
    static var path: String { ZiaRoutes.reminders.endpoint.path }
    static var outboxPath: String { ZiaRoutes.platform.outbox.endpoint.path }
    static var preferencesPath: String { ZiaRoutes.platform.updateNotificationPreferences.endpoint.path }
    /// Friday 6 March 2026, 12:00 UTC (07:00 in New York, two days before daylight saving starts).
    static let start = ISO8601DateFormatter().date(from: "2026-03-06T12:00:00Z")!

    /// A Zia-only server of its own (the scheduler drains every due job), with tokens that outlive the clock's jumps.
    static func with(_ database: TestDatabase, clock: TestClock, _ body: @escaping @Sendable (TestClient, ServerComponents) async throws -> Void) async throws {
        try await withIsolatedServer(
            database,
            configure: {
                $0.apps = [ZiaApp.id]
                $0.accessTokenTTL = 800 * 86400
                $0.refreshTokenTTL = 800 * 86400
            }, dependencies: .init(clock: clock, extraModules: ZiaServer.modules), body)
    }

    static func signIn(_ client: TestClient, zone: String = "America/New_York") async throws -> SignedIn {
        let user = try await client.signIn(app: "zia")
        let saved = try await client.send(.put, preferencesPath, token: user.accessToken, json: ["timezone": zone])
        guard saved.status == .ok else { throw TestFailure("preferences: \(saved.status) \(saved.text)") }
        return user
    }

    static func put(_ client: TestClient, _ user: SignedIn, _ body: [String: Any]) async throws -> ReminderSettings {
        let response = try await client.send(.put, path, token: user.accessToken, json: body)
        guard response.status == .ok else { throw TestFailure("PUT: \(response.status) \(response.text)") }
        return try response.decode(ReminderSettings.self)
    }

    static func get(_ client: TestClient, _ user: SignedIn) async throws -> ReminderSettings {
        try await client.send(.get, path, token: user.accessToken).decode(ReminderSettings.self)
    }

    /// The reminders in the user's outbox, oldest first: (category, created_at).
    static func delivered(_ client: TestClient, _ user: SignedIn) async throws -> [(String, String)] {
        let entries = try await client.send(.get, outboxPath, token: user.accessToken).json["notifications"] as? [[String: Any]] ?? []
        return entries.reversed().compactMap { entry in
            guard let category = entry["category"] as? String, category.hasSuffix("_reminder") else { return nil }
            return (category, entry["created_at"] as? String ?? "")
        }
    }

    static func iso(_ date: Date?) -> String? { date.map { ISO8601DateFormatter().string(from: $0) } }

    @Test(
        "GET answers the defaults (off); PUT schedules each category at its next local instant; weekdays only skip the weekend, across daylight saving",
        arguments: TestDatabase.allCases)
    func scheduling(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await Self.with(database, clock: clock) { client, server in
            let user = try await Self.signIn(client)
            let defaults = try await Self.get(client, user)
            #expect(defaults.bedtime == ReminderSetting(enabled: false, hour: 19, minute: 30, weekdaysOnly: false))
            #expect(defaults.meal == ReminderSetting(enabled: false, hour: 17, minute: 0, weekdaysOnly: true))
            #expect(defaults.chore == ReminderSetting(enabled: false, hour: 18, minute: 0, weekdaysOnly: false))
            let raw = try await client.send(.get, Self.path, token: user.accessToken)
            #expect((raw.json["bedtime_reminder"] as? [String: Any])?.keys.contains("next_at") == true, "next_at is null, not absent")

            let set = try await Self.put(
                client, user,
                [
                    "bedtime_reminder": ["enabled": true, "hour": 20, "minute": 15, "weekdays_only": true], "meal_reminder": ["enabled": true],
                    "chore_reminder": ["enabled": true, "hour": 9, "minute": 0],
                ])
            #expect(Self.iso(set.bedtime.nextAt) == "2026-03-07T01:15:00Z", "Friday 20:15 EST")
            #expect(Self.iso(set.meal.nextAt) == "2026-03-06T22:00:00Z", "Friday 17:00 EST")
            #expect(set.meal.weekdaysOnly, "meal prep is Monday to Friday")
            #expect(Self.iso(set.chore.nextAt) == "2026-03-06T14:00:00Z", "Friday 09:00 EST")
            let pending = try await server.scheduler.queue.list(status: .pending, kind: ZiaReminderService.jobKind)
            #expect(Set(pending.map { Self.iso($0.runAt)! }) == ["2026-03-07T01:15:00Z", "2026-03-06T22:00:00Z", "2026-03-06T14:00:00Z"], "one job per reminder")

            clock.advance(by: 86400)  // Saturday 07:00 EST
            let saturday = try await Self.get(client, user)
            #expect(Self.iso(saturday.bedtime.nextAt) == "2026-03-10T00:15:00Z", "Monday 20:15 EDT: the weekend skipped, daylight saving crossed")
            #expect(Self.iso(saturday.meal.nextAt) == "2026-03-09T21:00:00Z", "Monday 17:00 EDT")
            #expect(Self.iso(saturday.chore.nextAt) == "2026-03-07T14:00:00Z", "Saturday 09:00 EST")

            let bad = try await client.send(.put, Self.path, token: user.accessToken, json: ["bedtime_reminder": ["hour": 24], "chore_reminder": ["minute": -1]])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("bedtime_reminder.hour") && bad.text.contains("chore_reminder.minute"))
            let nulls = try await client.send(.put, Self.path, token: user.accessToken, json: ["meal_reminder": NSNull(), "bedtime_reminder": ["enabled": NSNull()]])
            #expect(nulls.status == .unprocessableContent, "null is not \"unchanged\"")
            #expect(nulls.text.contains("\"meal_reminder\"") && nulls.text.contains("bedtime_reminder.enabled"), "\(nulls.text)")
            #expect(try await Self.get(client, user).meal.enabled, "nothing changed")
            #expect(try await client.send(.get, Self.path).status == .unauthorized)
        }
    }

    @Test(
        "a reminder reaches the outbox at the chosen local time, inside quiet hours too, every day across daylight saving; off cancels; on again keeps the time",
        arguments: TestDatabase.allCases)
    func delivery(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await Self.with(database, clock: clock) { client, server in
            let user = try await Self.signIn(client)  // quiet hours 22:00–08:00 (the default)
            let set = try await Self.put(client, user, ["bedtime_reminder": ["enabled": true, "hour": 22, "minute": 30]])
            #expect(Self.iso(set.bedtime.nextAt) == "2026-03-07T03:30:00Z", "Friday 22:30 EST")
            try await server.scheduler.drain()
            #expect(try await Self.delivered(client, user).isEmpty, "not due yet")

            clock.advance(by: 15.5 * 3600)  // 03:30 UTC Saturday: 22:30 EST, inside quiet hours
            try await server.scheduler.drain()
            var sent = try await Self.delivered(client, user)
            #expect(sent.map(\.0) == ["bedtime_reminder"])
            #expect(sent.first?.1.hasPrefix("2026-03-07T03:30:00") == true, "delivered at the chosen time, not at the end of quiet hours")
            try await server.scheduler.drain()
            #expect(try await Self.delivered(client, user).count == 1, "once")

            clock.advance(by: 23 * 3600)  // 02:30 UTC Sunday
            try await server.scheduler.drain()
            #expect(try await Self.delivered(client, user).count == 1, "Saturday 22:30 EST is 03:30 UTC: not yet")
            clock.advance(by: 3600)  // 03:30 UTC Sunday: Saturday 22:30 EST
            try await server.scheduler.drain()
            clock.advance(by: 23 * 3600)  // 02:30 UTC Monday: Sunday 22:30 EDT, after the change
            try await server.scheduler.drain()
            sent = try await Self.delivered(client, user)
            #expect(sent.map { String($0.1.prefix(19)) } == ["2026-03-07T03:30:00", "2026-03-08T03:30:00", "2026-03-09T02:30:00"], "22:30 local on each side of the change")

            let off = try await Self.put(client, user, ["bedtime_reminder": ["enabled": false]])
            #expect(off.bedtime.nextAt == nil && off.bedtime.hour == 22 && off.bedtime.minute == 30)
            #expect(try await server.scheduler.queue.list(status: .pending, kind: ZiaReminderService.jobKind).isEmpty, "off cancels the job")
            clock.advance(by: 86400)
            try await server.scheduler.drain()
            #expect(try await Self.delivered(client, user).count == 3, "nothing while off")

            let on = try await Self.put(client, user, ["bedtime_reminder": ["enabled": true]])
            #expect(on.bedtime.hour == 22 && on.bedtime.minute == 30, "the chosen time is kept")
            #expect(Self.iso(on.bedtime.nextAt) == "2026-03-11T02:30:00Z", "Tuesday 22:30 EDT")
            clock.advance(by: 86400)
            try await server.scheduler.drain()
            #expect(try await Self.delivered(client, user).count == 4)
        }
    }

    @Test("a new time zone moves the next reminder to the chosen time there", arguments: TestDatabase.allCases)
    func timeZoneMove(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await Self.with(database, clock: clock) { client, server in
            let user = try await Self.signIn(client)
            let set = try await Self.put(client, user, ["chore_reminder": ["enabled": true, "hour": 18, "minute": 0]])
            #expect(Self.iso(set.chore.nextAt) == "2026-03-06T23:00:00Z", "18:00 EST")
            let moved = try await client.send(.put, Self.preferencesPath, token: user.accessToken, json: ["timezone": "Europe/London"])
            #expect(moved.status == .ok)
            #expect(Self.iso(try await Self.get(client, user).chore.nextAt) == "2026-03-06T18:00:00Z", "18:00 GMT")
            let pending = try await server.scheduler.queue.list(status: .pending, kind: ZiaReminderService.jobKind)
            #expect(pending.map { Self.iso($0.runAt) } == ["2026-03-06T18:00:00Z"], "the job moved with it")
            clock.advance(by: 6 * 3600)
            try await server.scheduler.drain()
            #expect(try await Self.delivered(client, user).map { String($0.1.prefix(19)) } == ["2026-03-06T18:00:00"])
            clock.advance(by: 5 * 3600)  // 23:00 UTC: New York's 18:00, no longer the user's
            try await server.scheduler.drain()
            #expect(try await Self.delivered(client, user).count == 1)
        }
    }

    @Test("reminder settings are in the export and go with the account", arguments: TestDatabase.allCases)
    func exportAndDeletion(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await Self.with(database, clock: clock) { client, server in
            let user = try await Self.signIn(client)
            _ = try await Self.put(client, user, ["meal_reminder": ["enabled": true, "hour": 16, "minute": 45]])
            let export = try await client.send(.get, ZiaRoutes.platform.export.endpoint.path, token: user.accessToken)
            #expect(export.status == .ok)
            #expect(export.text.contains("\"meal_reminder\"") && export.text.contains("45"), "\(export.text.prefix(300))")
            let deleted = try await client.send(.delete, ZiaRoutes.platform.deleteAccount.endpoint.path, token: user.accessToken)
            #expect(deleted.status.code < 300, "\(deleted.text)")
            let rows = try await server.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM zia_reminder_settings").first()!.decode(column: "n", as: Int.self)
            }
            #expect(rows == 0)
            clock.advance(by: 86400)
            try await server.scheduler.drain()
            #expect(try await server.scheduler.queue.list(status: .dead, kind: ZiaReminderService.jobKind).isEmpty, "the orphaned job finishes quietly")
        }
    }
}
