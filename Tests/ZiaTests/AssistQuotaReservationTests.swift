import Foundation
import PlatformAPI
import PlatformCore
import TestSupport
import Testing
import Zia
import ZiaAPI
import ZiaAssistant

/// The monthly assist quota admits exactly: a run reserves its place when it starts (a `running`
/// row), so requests racing at the limit, on one instance or several, cannot all pass; only a
/// result keeps its place; a reservation left behind by a killed instance stops counting.
@Suite("Zia assist quota reservation", .timeLimit(.minutes(3)))
struct AssistQuotaReservationTests {
    static let racers = 10

    /// How many answers (their event types) ended in `final`, and how many were `quota_exceeded`.
    static func tally(_ answers: [[String]]) -> (finals: Int, exceeded: Int) {
        (answers.filter { $0.first == "context" && $0.suffix(2) == ["final", "done"] }.count, answers.filter { $0 == ["context", "quota_exceeded", "done"] }.count)
    }

    @Test("10 concurrent requests at limit - 1 on one instance: exactly one runs, the others get quota_exceeded", arguments: TestDatabase.allCases)
    func concurrentOnOneInstance(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let template = try await ScriptedEngine.template(server)
            // Slow enough that every request is admitted before any run ends.
            let engine = ScriptedEngine { _, _ in
                try await Task.sleep(for: .milliseconds(300))
                return ScriptedEngine.final("ok", from: template)
            }
            var settings = AssistSettings()
            settings.monthlyQuota = 2
            try await ScriptedAssistServer.with(server, engine: engine, settings: settings) { base, routes in
                #expect(try await AssistStreamTests.assist(base, token: user.accessToken, ["goal": "first"]).events.map(\.type) == ["context", "final", "done"])
                let answers = try await withThrowingTaskGroup(of: [String].self) { group in
                    for index in 0..<Self.racers {
                        group.addTask { try await AssistStreamTests.assist(base, token: user.accessToken, ["goal": "race \(index)"]).events.compactMap(\.type) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let (finals, exceeded) = Self.tally(answers)
                #expect(finals == 1 && exceeded == Self.racers - 1, "\(answers)")
                let runs = try await routes.runs.all(for: UserID(user.userID)!)
                #expect(runs.filter { $0.outcome == .ok }.count == 2 && runs.filter { $0.outcome == .quotaExceeded }.count == Self.racers - 1)
                #expect(!runs.contains { $0.outcome == .running }, "every reservation ended")
            }
        }
    }

    @Test("a reservation whose run ended in an error frees its place", arguments: TestDatabase.allCases)
    func erroredReservationFrees(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let template = try await ScriptedEngine.template(server)
            let fail = LockedValue(true)
            let engine = ScriptedEngine { _, _ in
                if fail.value { throw APIError.badRequest("the model answered nonsense", code: "model_failed") }
                return ScriptedEngine.final("ok", from: template)
            }
            var settings = AssistSettings()
            settings.monthlyQuota = 1
            try await ScriptedAssistServer.with(server, engine: engine, settings: settings) { base, routes in
                #expect(try await AssistStreamTests.assist(base, token: user.accessToken, ["goal": "dinner"]).events.map(\.type) == ["context", "error", "done"])
                fail.withLock { $0 = false }
                #expect(try await AssistStreamTests.assist(base, token: user.accessToken, ["goal": "dinner"]).events.map(\.type) == ["context", "final", "done"])
                let runs = try await routes.runs.all(for: UserID(user.userID)!)
                #expect(runs.map(\.outcome) == [.error, .ok] && runs.map(\.countsTowardQuota) == [false, true])
            }
        }
    }

    @Test("a run counts in the month it was admitted in, though it ends in the next (its row keeps its reservation's time)", arguments: TestDatabase.allCases)
    func runCountsInItsAdmissionMonth(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try #require(UserID(try await client.signIn(app: "zia").userID))
            let runs = AgentRunRepository(database: server.database)
            let admitted = ISO8601.date(from: "2026-01-31T23:59:59Z")!
            let ended = ISO8601.date(from: "2026-02-01T00:00:01Z")!
            var run = AgentRunRecord(id: UUID(), conversationID: nil, intent: AgentRunRecord.unrouted, outcome: .running, durationMs: 0, createdAt: admitted)
            #expect(try await runs.reserve(run, for: user, quota: AssistQuota(limit: 1), now: admitted) == nil)
            run.outcome = .ok
            run.createdAt = ended  // what the stream records at the end
            try await runs.record(run, for: user)
            #expect(try await runs.quotaUsed(by: user, now: ended) == 0, "February's quota was never asked for this run")
            #expect(try await runs.quotaUsed(by: user, now: admitted) == 1)
            #expect(try await runs.all(for: user).map(\.createdAt) == [admitted])
        }
    }

    @Test("a reservation left running (its instance was killed) stops counting after the longest run", arguments: TestDatabase.allCases)
    func staleReservationExpires(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try #require(UserID(try await client.signIn(app: "zia").userID))
            let runs = AgentRunRepository(database: server.database)
            let quota = AssistQuota(limit: 1)
            let start = ISO8601.date(from: "2026-03-10T12:00:00Z")!
            func run(at date: Date) -> AgentRunRecord {
                AgentRunRecord(id: UUID(), conversationID: nil, intent: AgentRunRecord.unrouted, outcome: .running, durationMs: 0, createdAt: date)
            }
            // Reserved, and never ended.
            #expect(try await runs.reserve(run(at: start), for: user, quota: quota, now: start) == nil)
            let soon = start.addingTimeInterval(60)
            #expect(try await runs.reserve(run(at: soon), for: user, quota: quota, now: soon)?.used == 1, "a live reservation counts")
            let later = start.addingTimeInterval(AgentRunRepository.reservationLifetime + 1)
            #expect(try await runs.quotaUsed(by: user, now: later) == 0)
            #expect(try await runs.reserve(run(at: later), for: user, quota: quota, now: later) == nil, "the stale one no longer counts")
        }
    }
}
