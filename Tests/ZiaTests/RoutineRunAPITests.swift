import AppServer
import Foundation
import HTTPTypes
import Persistence
import PlatformAPI
import SQLKit
import TestSupport
import Testing
import Zia
import ZiaAPI

/// Routine runs through the HTTP API on both databases: the lifecycle, caps, closed and foreign
/// runs, artifacts, and streaks counted in local days across DST changes and a time-zone move
/// (a TestClock set to chosen instants).
@Suite("Zia routine runs", .timeLimit(.minutes(3)))
struct RoutineRunAPITests {
    static let start = ZiaRoutes.startRoutineRun.endpoint.path
    static let active = ZiaRoutes.activeRoutineRun.endpoint.path
    static let stats = ZiaRoutes.routineStats.endpoint.path
    static func action(_ id: String, _ name: String) -> String { ZiaRoutes.root.prefix + "/routine-runs/\(id)/\(name)" }

    /// Zia's server on `database` with `clock`.
    static func with(_ database: TestDatabase, clock: TestClock, _ body: @Sendable (TestClient, ServerComponents) async throws -> Void) async throws {
        try await withServer(database, configure: { $0.apps = [ZiaApp.id] }, dependencies: .init(clock: clock, extraModules: ZiaServer.modules)) { client, server in
            try await body(client, server)
        }
    }

    /// `local` (`YYYY-MM-DDTHH:MM`) in `zone` as an instant.
    static func instant(_ local: String, _ zone: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.date(from: local)!
    }

    /// A user moving through time: the clock set to an instant, a fresh token there (tokens expire).
    struct Person {
        let client: TestClient
        let clock: TestClock
        let email = TestClient.freshEmail

        func at(_ local: String, _ zone: String) async throws -> SignedIn {
            clock.advance(by: RoutineRunAPITests.instant(local, zone).timeIntervalSince(clock.now()))
            return try await client.signIn(email, app: "zia")
        }

        func move(to zone: String, token: String) async throws {
            let moved = try await client.send(.post, ZiaServer.upsertUser, token: token, json: ["timezone": zone])
            #expect(moved.status == .ok, "\(moved.text)")
        }

        /// Starts and completes a run at `local` in `zone`; answers the completed run's local day.
        func completeRun(at local: String, _ zone: String) async throws -> String? {
            let token = try await at(local, zone).accessToken
            let started = try await client.send(.post, RoutineRunAPITests.start, token: token, json: ["steps_total": 3])
            #expect(started.status == .created, "\(started.text)")
            let id = try #require(started.json["id"] as? String)
            let done = try await client.send(.post, RoutineRunAPITests.action(id, "complete"), token: token)
            #expect(done.status == .ok && done.json["status"] as? String == "completed", "\(done.text)")
            return done.json["local_day"] as? String
        }

        func stats(at local: String, _ zone: String) async throws -> RoutineStats {
            let token = try await at(local, zone).accessToken
            let response = try await client.send(.get, RoutineRunAPITests.stats, token: token)
            #expect(response.status == .ok, "\(response.text)")
            return try response.decode(RoutineStats.self)
        }
    }

    @Test("streaks count local days across both DST changes of America/New_York", arguments: TestDatabase.allCases)
    func dstStreaks(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.instant("2026-03-01T12:00", "UTC"))
        try await Self.with(database, clock: clock) { client, _ in
            let ny = "America/New_York"
            let person = Person(client: client, clock: clock)
            try await person.move(to: ny, token: try await person.at("2026-03-01T12:00", ny).accessToken)
            // Evenings whose UTC day is the next one, and a morning sharing a UTC day with the evening before.
            var days: [String?] = []
            for local in ["2026-03-06T20:30", "2026-03-07T20:30", "2026-03-08T10:00", "2026-03-09T22:00"] {
                days.append(try await person.completeRun(at: local, ny))
            }
            #expect(days == ["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09"])
            // Alive through yesterday (late in the evening, when UTC is on the next day already), gone after.
            #expect(try await person.stats(at: "2026-03-10T23:30", ny) == RoutineStats(currentStreak: 4, longestStreak: 4, completionRate: 1))
            #expect(try await person.stats(at: "2026-03-11T00:30", ny) == RoutineStats(currentStreak: 0, longestStreak: 4, completionRate: 1))

            // The 25-hour day: two runs on 1 November (04:30 UTC on the 1st and on the 2nd) are one day.
            let autumn = [try await person.completeRun(at: "2026-11-01T00:30", ny), try await person.completeRun(at: "2026-11-01T23:30", ny)]
            #expect(autumn == ["2026-11-01", "2026-11-01"])
            #expect(try await person.stats(at: "2026-11-01T23:45", ny).currentStreak == 1)
            #expect(try await person.completeRun(at: "2026-11-02T23:30", ny) == "2026-11-02")
            #expect(try await person.stats(at: "2026-11-03T09:00", ny) == RoutineStats(currentStreak: 2, longestStreak: 4, completionRate: 1))
        }
    }

    @Test("a move to another time zone keeps the days runs were completed on and counts today in the new zone", arguments: TestDatabase.allCases)
    func timeZoneMove(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.instant("2026-06-01T12:00", "UTC"))
        try await Self.with(database, clock: clock) { client, _ in
            let ny = "America/New_York", tokyo = "Asia/Tokyo"
            let person = Person(client: client, clock: clock)
            try await person.move(to: ny, token: try await person.at("2026-06-01T08:00", ny).accessToken)
            // 23:00 in New York is 12:00 on 2 June in Tokyo: recounted in Tokyo both runs would share a day.
            #expect(try await person.completeRun(at: "2026-06-01T23:00", ny) == "2026-06-01")
            try await person.move(to: tokyo, token: try await person.at("2026-06-02T13:00", tokyo).accessToken)
            #expect(try await person.completeRun(at: "2026-06-02T20:00", tokyo) == "2026-06-02")
            #expect(try await person.stats(at: "2026-06-03T21:00", tokyo) == RoutineStats(currentStreak: 2, longestStreak: 2, completionRate: 1))
            // 2026-06-04T09:00 in New York, but already the 4th… and then the 5th in Tokyo: the streak is over.
            #expect(try await person.stats(at: "2026-06-05T01:00", tokyo) == RoutineStats(currentStreak: 0, longestStreak: 2, completionRate: 1))
        }
    }

    @Test("start, steps capped at the total, early completion, one run at a time, closed runs 409, others' 404, completion rate", arguments: TestDatabase.allCases)
    func lifecycle(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let none = try await client.send(.get, Self.active, token: user.accessToken)
            #expect(none.status == .ok && none.text == "null", "\(none.text)")
            #expect(
                try await client.send(.get, Self.stats, token: user.accessToken).decode(RoutineStats.self) == RoutineStats(currentStreak: 0, longestStreak: 0, completionRate: 0))

            let first = try await client.send(.post, Self.start, token: user.accessToken, json: ["steps_total": 2])
            #expect(first.status == .created, "\(first.text)")
            let run = try first.decode(RoutineRun.self)
            #expect(run.status == .inProgress && run.stepsCompleted == 0 && run.stepsTotal == 2 && run.artifactID == nil && run.localDay == nil)
            #expect(first.json["artifact_id"] is NSNull && first.json["ended_at"] is NSNull && first.json["local_day"] is NSNull)
            var steps: [Int] = []
            for _ in 0..<3 {
                steps.append(try await client.send(.post, Self.action(run.id.description, "step"), token: user.accessToken).decode(RoutineRun.self).stepsCompleted)
            }
            #expect(steps == [1, 2, 2])
            #expect(try await client.send(.get, Self.active, token: user.accessToken).decode(ActiveRoutineRun.self).run?.id == run.id)

            // Someone else's run, an unknown one and a malformed id are all the same 404.
            for (token, id) in [(other.accessToken, run.id.description), (user.accessToken, UUID().uuidString), (user.accessToken, "run-1")] {
                for name in ["step", "complete", "abandon"] {
                    let refused = try await client.send(.post, Self.action(id, name), token: token)
                    #expect(refused.status == .notFound && refused.errorCode == "routine_run_not_found", "\(name) \(id): \(refused.text)")
                }
            }

            // Starting again abandons the run in progress.
            let second = try await client.send(.post, Self.start, token: user.accessToken, json: ["steps_total": 5]).decode(RoutineRun.self)
            let active = try await client.send(.get, Self.active, token: user.accessToken).decode(ActiveRoutineRun.self)
            #expect(active.run?.id == second.id)
            for name in ["step", "complete", "abandon"] {
                let closed = try await client.send(.post, Self.action(run.id.description, name), token: user.accessToken)
                #expect(closed.status == .conflict && closed.errorCode == "routine_run_closed", "\(name): \(closed.text)")
            }
            // Early completion keeps the steps done; the run is then closed.
            _ = try await client.send(.post, Self.action(second.id.description, "step"), token: user.accessToken)
            let done = try await client.send(.post, Self.action(second.id.description, "complete"), token: user.accessToken).decode(RoutineRun.self)
            #expect(done.status == .completed && done.stepsCompleted == 1 && done.endedAt != nil && done.localDay != nil)
            #expect(try await client.send(.post, Self.action(second.id.description, "step"), token: user.accessToken).status == .conflict)
            #expect(try await client.send(.get, Self.active, token: user.accessToken).text == "null")

            // One abandoned, one completed, one in progress (left out): 0.5.
            _ = try await client.send(.post, Self.start, token: user.accessToken, json: ["steps_total": 1])
            let stats = try await client.send(.get, Self.stats, token: user.accessToken).decode(RoutineStats.self)
            #expect(stats == RoutineStats(currentStreak: 1, longestStreak: 1, completionRate: 0.5))
            let rows = try await server.database.read { db in
                try await db.raw("SELECT status FROM zia_routine_runs WHERE user_id = \(bind: UUID(uuidString: user.userID)!) ORDER BY started_at")
                    .all().map { try $0.decode(column: "status", as: String.self) }
            }
            #expect(rows.sorted() == ["abandoned", "completed", "in_progress"])
        }
    }

    @Test("artifact_id must be one of the caller's artifacts; bad bodies are 422s naming the field", arguments: TestDatabase.allCases)
    func artifactsAndValidation(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let artifact = UUID()
            try await server.database.transaction { db in
                try await db.raw(
                    """
                    INSERT INTO zia_artifacts (id, user_id, artifact_type, title, payload, created_at)
                    VALUES (\(bind: artifact), \(bind: UUID(uuidString: user.userID)!), 'bedtime_routine', 'Bedtime', '{}', \(bind: Date()))
                    """
                ).run()
            }
            let started = try await client.send(.post, Self.start, token: user.accessToken, json: ["artifact_id": artifact.uuidString, "steps_total": 4])
            #expect(started.status == .created && started.json["artifact_id"] as? String == artifact.uuidString.lowercased(), "\(started.text)")
            for (token, id) in [(other.accessToken, artifact), (user.accessToken, UUID())] {
                let refused = try await client.send(.post, Self.start, token: token, json: ["artifact_id": id.uuidString, "steps_total": 4])
                #expect(refused.status == .notFound && refused.errorCode == "artifact_not_found", "\(refused.text)")
            }
            // The refused start left the run in progress alone.
            #expect(try await client.send(.get, Self.active, token: user.accessToken).decode(ActiveRoutineRun.self).run?.artifactID == artifact)

            let cases: [([String: Any], [String])] = [
                ([:], ["steps_total"]),
                (["steps_total": 0], ["steps_total"]),
                (["steps_total": 101], ["steps_total"]),
                (["steps_total": "3"], ["steps_total"]),
                (["steps_total": 2.5], ["steps_total"]),
                (["steps_total": 3, "artifact_id": "routine-1"], ["artifact_id"]),
                (["artifact_id": 7], ["artifact_id"]),
            ]
            for (body, fields) in cases {
                let response = try await client.send(.post, Self.start, token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent && response.errorFields.sorted() == fields, "\(body): \(response.text)")
            }
            #expect(try await client.send(.post, Self.start, token: user.accessToken, json: ["steps_total": 100, "artifact_id": NSNull()]).status == .created)
        }
    }

    @Test("routine runs are in the export and gone with the account", arguments: TestDatabase.allCases)
    func exportAndDeletion(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let run = try await client.send(.post, Self.start, token: user.accessToken, json: ["steps_total": 2]).decode(RoutineRun.self)
            _ = try await client.send(.post, Self.action(run.id.description, "complete"), token: user.accessToken)
            let export = try await client.send(.get, ZiaRoutes.platform.export.endpoint.path, token: user.accessToken)
            let runs = try #require((export.json["data"] as? [String: Any])?["routine_runs"] as? [[String: Any]], "\(export.text)")
            #expect(runs.count == 1 && runs.first?["id"] as? String == run.id.description && runs.first?["status"] as? String == "completed")
            #expect(try await client.send(.delete, ZiaRoutes.platform.deleteAccount.endpoint.path, token: user.accessToken).status == .ok)
            let left = try await server.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM zia_routine_runs WHERE user_id = \(bind: UUID(uuidString: user.userID)!)").first()!.decode(column: "n", as: Int.self)
            }
            #expect(left == 0)
        }
    }
}

/// The streak arithmetic on its own: gaps, repeats, order, and the one-day grace.
@Suite("Zia routine streaks")
struct RoutineRunStreakTests {
    static func day(_ text: String) -> LocalDate { LocalDate(parsing: text)! }

    @Test(
        "current and longest streaks",
        arguments: [
            ([], "2026-03-10", 0, 0),
            (["2026-03-10"], "2026-03-10", 1, 1),
            (["2026-03-09"], "2026-03-10", 1, 1),
            (["2026-03-08"], "2026-03-10", 0, 1),
            (["2026-03-09", "2026-03-07", "2026-03-08", "2026-03-08"], "2026-03-10", 3, 3),
            (["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-05", "2026-03-06"], "2026-03-06", 2, 3),
            (["2028-02-28", "2028-02-29", "2028-03-01"], "2028-03-02", 3, 3),
            (["2026-12-31", "2027-01-01"], "2027-01-01", 2, 2),
        ] as [([String], String, Int, Int)])
    func streaks(_ days: [String], _ today: String, _ current: Int, _ longest: Int) {
        let stats = RoutineStreaks.stats(completedDays: days.map(Self.day), today: Self.day(today), completed: days.count, abandoned: 0)
        #expect(stats.currentStreak == current && stats.longestStreak == longest)
    }

    @Test("completion rate: completed over completed and abandoned")
    func rate() {
        #expect(RoutineStreaks.stats(completedDays: [], today: Self.day("2026-01-01"), completed: 0, abandoned: 0).completionRate == 0)
        #expect(RoutineStreaks.stats(completedDays: [], today: Self.day("2026-01-01"), completed: 0, abandoned: 3).completionRate == 0)
        #expect(RoutineStreaks.stats(completedDays: [Self.day("2026-01-01")], today: Self.day("2026-01-01"), completed: 3, abandoned: 1).completionRate == 0.75)
    }
}
