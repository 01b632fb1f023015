import AIProviders
import Foundation
import PlatformAPI
import ZiaAPI

/// What a run emits while it works, before its outcome: progress texts, tool use and the
/// synthesis text as it is produced. (`context` and `done` are the stream route's.)
public enum AssistProgress: Sendable, Equatable {
    /// "Planning meals...", "Fetching recipes...": never part of the plan text.
    case status(String)
    case token(String)
    /// A tool the agent calls and its arguments (`fetch_recipes` with `query` and `k`).
    case toolCall(name: String, args: [String: JSONValue])
    case toolResult(count: Int)
}
