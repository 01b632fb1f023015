import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// How an assist request ended, as its `zia_agent_runs` row says.
public enum AgentRunOutcome: String, Codable, Sendable, CaseIterable {
    case ok, refusal, error, cancelled
    case quotaExceeded = "quota_exceeded"

    /// Only a result counts toward the monthly quota: refusals, errors, runs the client left and
    /// requests over the quota do not.
    public var countsTowardQuota: Bool { self == .ok }
}

/// One `zia_agent_runs` row: what a run did (intent, the stages run as `graph`, its final `state`),
/// how it ended, what it used and how long it took.
public struct AgentRunRecord: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, conversationID = "conversation_id", intent, graph, state, outcome, countsTowardQuota = "counts_toward_quota", inputTokens = "input_tokens",
            outputTokens = "output_tokens", costUSD = "cost_usd", durationMs = "duration_ms", createdAt = "created_at"
    }
    public var id: UUID
    public var conversationID: UUID?
    /// The agent the run was routed to (``AssistIntent``), or `none` when it ended before routing.
    public var intent: String
    public var graph: [String]
    public var state: [String: String]
    public var outcome: AgentRunOutcome
    public var countsTowardQuota: Bool
    public var inputTokens: Int
    public var outputTokens: Int
    public var costUSD: Double
    public var durationMs: Int
    public var createdAt: Date

    /// Every field, the ids in the API's lower-case form and an absent conversation as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(RunID(id), forKey: .id)
        try container.encodeNullable(conversationID.map(ConversationID.init), forKey: .conversationID, in: encoder)
        try container.encode(intent, forKey: .intent)
        try container.encode(graph, forKey: .graph)
        try container.encode(state, forKey: .state)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(countsTowardQuota, forKey: .countsTowardQuota)
        try container.encode(inputTokens, forKey: .inputTokens)
        try container.encode(outputTokens, forKey: .outputTokens)
        try container.encode(costUSD, forKey: .costUSD)
        try container.encode(durationMs, forKey: .durationMs)
        try container.encode(createdAt, forKey: .createdAt)
    }

    public init(
        id: UUID, conversationID: UUID?, intent: String, graph: [String] = [], state: [String: String] = [:], outcome: AgentRunOutcome, inputTokens: Int = 0,
        outputTokens: Int = 0, costUSD: Double = 0, durationMs: Int, createdAt: Date
    ) {
        self.id = id
        self.conversationID = conversationID
        self.intent = intent
        self.graph = graph
        self.state = state
        self.outcome = outcome
        self.countsTowardQuota = outcome.countsTowardQuota
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.costUSD = costUSD
        self.durationMs = durationMs
        self.createdAt = createdAt
    }

    /// The intent of a run that ended before it was routed.
    public static let unrouted = "none"
}

/// The user's assist runs in `zia_agent_runs`: one row per request, the monthly quota's count.
public struct AgentRunRepository: Sendable {
    let database: any Database

    public init(database: any Database) {
        self.database = database
    }

    public func record(_ run: AgentRunRecord, for user: UserID) async throws {
        let graph = String(decoding: try JSONEncoder.api.encode(run.graph), as: UTF8.self)
        let state = String(decoding: try JSONEncoder.api.encode(run.state), as: UTF8.self)
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO zia_agent_runs (id, user_id, conversation_id, intent, graph, state, outcome, counts_toward_quota, input_tokens, output_tokens,
                    cost_usd, duration_ms, created_at)
                VALUES (\(bind: run.id), \(bind: user.uuid), \(bind: run.conversationID), \(bind: run.intent), \(bind: graph), \(bind: state), \(bind: run.outcome.rawValue),
                    \(bind: run.countsTowardQuota), \(bind: run.inputTokens), \(bind: run.outputTokens), \(bind: run.costUSD), \(bind: run.durationMs), \(bind: run.createdAt))
                """
            ).run()
        }
    }

    /// The user's runs counting toward the quota since `start`.
    public func quotaUsed(by user: UserID, since start: Date) async throws -> Int {
        try await database.read { db in
            try await db.raw(
                """
                SELECT COUNT(*) AS used FROM zia_agent_runs
                WHERE user_id = \(bind: user.uuid) AND counts_toward_quota = \(bind: true) AND created_at >= \(bind: start)
                """
            ).first()?.decode(column: "used", as: Int.self) ?? 0
        }
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
