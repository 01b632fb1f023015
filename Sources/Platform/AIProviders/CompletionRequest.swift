import Foundation

/// What every provider is asked: messages, a system prompt, sampling, a token cap, and optionally
/// that the answer be one JSON object.
public struct CompletionRequest: Sendable {
    public var system: String?
    public var messages: [ChatMessage]
    public var temperature: Double?
    public var maxTokens: Int
    public var jsonObject: Bool

    public init(system: String? = nil, messages: [ChatMessage], temperature: Double? = nil, maxTokens: Int = 1024, jsonObject: Bool = false) {
        self.system = system
        self.messages = messages
        self.temperature = temperature
        self.maxTokens = maxTokens
        self.jsonObject = jsonObject
    }

    /// A rough token count of the prompt (4 characters a token), for budgets before the call.
    public var estimatedInputTokens: Int {
        ((system?.count ?? 0) + messages.reduce(0) { $0 + $1.content.count }) / 4 + 8 * messages.count + 1
    }
}
