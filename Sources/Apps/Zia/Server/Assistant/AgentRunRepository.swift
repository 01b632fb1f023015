import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// The user's assist runs in `zia_agent_runs`: one row per request, the monthly quota's count.
///
/// A run reserves its place in the quota when it starts (``reserve(_:for:quota:now:)`` inserts its
/// row as `running`) and ``record(_:for:)`` gives the row its outcome when it ends; only `ok` keeps
/// counting.
public struct AgentRunRepository: Sendable {
    let database: any Database

    /// How long a `running` row counts toward the quota: longer than any run takes, so a reservation
    /// whose instance was killed before the run ended stops counting after it (nothing has to sweep).
    public static let reservationLifetime: TimeInterval = 15 * 60

    public init(database: any Database) {
        self.database = database
    }

    /// Admits `run` against `quota`, exactly, however many requests of the user race on however
    /// many instances: in one transaction serialised per user (PostgreSQL: an advisory transaction
    /// lock on the user; SQLite: its single writer) it counts the month's runs that count — results
    /// and live reservations — and inserts the run's row, as a `running` reservation when some of the
    /// quota is left, else as `quota_exceeded` (what it answers).
    public func reserve(_ run: AgentRunRecord, for user: UserID, quota: AssistQuota, now: Date) async throws -> AssistQuotaExceeded? {
        try await database.transaction(owner: user.uuid) { db in
            try await db.serializeTransactions(on: "zia.assist.quota:" + user.description)
            let exceeded = quota.exceeded(used: try await Self.used(by: user, now: now, in: db), now: now)
            try await Self.upsert(run.with(outcome: exceeded == nil ? .running : .quotaExceeded), for: user, in: db)
            return exceeded
        }
    }

    /// Stores `run` as it ended: its reservation's row takes the outcome (or the row is inserted
    /// when the run had none).
    public func record(_ run: AgentRunRecord, for user: UserID) async throws {
        try await database.transaction(owner: user.uuid) { db in try await Self.upsert(run, for: user, in: db) }
    }

    private static func upsert(_ run: AgentRunRecord, for user: UserID, in db: any SQLDatabase) async throws {
        let graph = String(decoding: try JSONEncoder.api.encode(run.graph), as: UTF8.self)
        let state = String(decoding: try JSONEncoder.api.encode(run.state), as: UTF8.self)
        try await db.raw(
            """
            INSERT INTO zia_agent_runs (id, user_id, conversation_id, intent, graph, state, outcome, counts_toward_quota, input_tokens, output_tokens,
                cost_usd, duration_ms, created_at)
            VALUES (\(bind: run.id), \(bind: user.uuid), \(bind: run.conversationID), \(bind: run.intent), \(bind: graph), \(bind: state), \(bind: run.outcome.rawValue),
                \(bind: run.countsTowardQuota), \(bind: run.inputTokens), \(bind: run.outputTokens), \(bind: run.costUSD), \(bind: run.durationMs), \(bind: run.createdAt))
            ON CONFLICT (id) DO UPDATE SET intent = excluded.intent, graph = excluded.graph, state = excluded.state, outcome = excluded.outcome,
                counts_toward_quota = excluded.counts_toward_quota, input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
                cost_usd = excluded.cost_usd, duration_ms = excluded.duration_ms
            WHERE zia_agent_runs.user_id = excluded.user_id
            """
        ).run()
    }

    /// The user's runs counting toward the quota in `now`'s month: results, and reservations younger
    /// than ``reservationLifetime``.
    public func quotaUsed(by user: UserID, now: Date) async throws -> Int {
        try await database.read { db in try await Self.used(by: user, now: now, in: db) }
    }

    private static func used(by user: UserID, now: Date, in db: any SQLDatabase) async throws -> Int {
        try await db.raw(
            """
            SELECT COUNT(*) AS used FROM zia_agent_runs
            WHERE user_id = \(bind: user.uuid) AND counts_toward_quota = \(bind: true) AND created_at >= \(bind: AssistQuota.monthStart(now))
                AND (outcome <> \(bind: AgentRunOutcome.running.rawValue) OR created_at > \(bind: now.addingTimeInterval(-reservationLifetime)))
            """
        ).first()?.decode(column: "used", as: Int.self) ?? 0
    }

    /// How many of the user's runs ended in a result.
    public func completedRuns(of user: UserID) async throws -> Int {
        try await database.read { db in
            try await db.raw("SELECT COUNT(*) AS done FROM zia_agent_runs WHERE user_id = \(bind: user.uuid) AND outcome = \(bind: AgentRunOutcome.ok.rawValue)")
                .first()?.decode(column: "done", as: Int.self) ?? 0
        }
    }

    /// Every run of the user, oldest first (the export, tests).
    public func all(for user: UserID) async throws -> [AgentRunRecord] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT id, conversation_id, intent, graph, state, outcome, input_tokens, output_tokens, cost_usd, duration_ms, created_at
                FROM zia_agent_runs WHERE user_id = \(bind: user.uuid) ORDER BY created_at, id
                """
            ).all().map { row in
                AgentRunRecord(
                    id: try row.uuid("id"), conversationID: try row.optionalUUID("conversation_id"), intent: try row.decode(column: "intent", as: String.self),
                    graph: try JSONDecoder.api.decode([String].self, from: Data(try row.decode(column: "graph", as: String.self).utf8)),
                    state: try JSONDecoder.api.decode([String: String].self, from: Data(try row.decode(column: "state", as: String.self).utf8)),
                    outcome: AgentRunOutcome(rawValue: try row.decode(column: "outcome", as: String.self)) ?? .error,
                    inputTokens: try row.decode(column: "input_tokens", as: Int.self), outputTokens: try row.decode(column: "output_tokens", as: Int.self),
                    costUSD: try row.decode(column: "cost_usd", as: Double.self), durationMs: try row.decode(column: "duration_ms", as: Int.self),
                    createdAt: try row.decode(column: "created_at", as: Date.self))
            }
        }
    }
}
