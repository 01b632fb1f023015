import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

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

    /// This run with another outcome (and what that outcome counts).
    public func with(outcome: AgentRunOutcome) -> AgentRunRecord {
        var changed = self
        changed.outcome = outcome
        changed.countsTowardQuota = outcome.countsTowardQuota
        return changed
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
