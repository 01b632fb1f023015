import Foundation
import PlatformAPI

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
