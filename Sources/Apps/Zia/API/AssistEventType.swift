import Foundation
import PlatformAPI

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
