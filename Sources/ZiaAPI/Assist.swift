import Foundation
import PlatformAPI

/// The agent a request is for when the caller says so (`mode`), overriding the classifier.
public enum AssistMode: String, Codable, Sendable, CaseIterable {
    case meals, routines, chores
}

/// Where the assistant routes a goal: one of the four agents.
public enum AssistIntent: String, Codable, Sendable, CaseIterable {
    case mealPlanning = "meal_planning"
    case routines, chores, generic
}

/// `POST /zia/v1/assist/stream`'s body.
public struct AssistRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case goal, mode, conversationID = "conversation_id" }
    public var goal: String
    public var mode: AssistMode?
    /// Continues a conversation of the caller's; absent: a new one.
    public var conversationID: UUID?

    public init(goal: String, mode: AssistMode? = nil, conversationID: UUID? = nil) {
        self.goal = goal
        self.mode = mode
        self.conversationID = conversationID
    }
}

/// The event types of an assist stream, in the order they can come: `context`, then `status`,
/// `tool_call`, `tool_result` and `token` as the agent works, then `final`, `refusal`,
/// `quota_exceeded` or `error`, and always `done` last.
public enum AssistEventType: String, Codable, Sendable, CaseIterable {
    case context, status, token
    case toolCall = "tool_call"
    case toolResult = "tool_result"
    case final, refusal, error
    case quotaExceeded = "quota_exceeded"
    case done
}

/// Tokens a run used across its model calls (offline calls count their words' estimate).
public struct AssistUsage: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case inputTokens = "input_tokens", outputTokens = "output_tokens", totalTokens = "total_tokens" }
    public var inputTokens: Int
    public var outputTokens: Int
    public var totalTokens: Int

    public init(inputTokens: Int = 0, outputTokens: Int = 0) {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.totalTokens = inputTokens + outputTokens
    }
}

/// A `refusal` event's data: why, and the text to show.
public struct AssistRefusal: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case reason, refusalText = "refusal_text" }
    /// `medical`, `age_inappropriate`, `unsafe_plan`, …
    public var reason: String
    public var refusalText: String

    public init(reason: String, refusalText: String) {
        self.reason = reason
        self.refusalText = refusalText
    }
}

/// A `quota_exceeded` event's data: the monthly allowance, what was used and when it renews.
public struct AssistQuotaExceeded: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case limit, used, resetsAt = "resets_at", message }
    public var limit: Int
    public var used: Int
    public var resetsAt: Date
    public var message: String

    public init(limit: Int, used: Int, resetsAt: Date, message: String) {
        self.limit = limit
        self.used = used
        self.resetsAt = resetsAt
        self.message = message
    }
}
