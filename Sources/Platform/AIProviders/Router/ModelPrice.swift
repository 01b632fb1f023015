import Foundation
import Logging
import PlatformCore
import Synchronization

/// USD per million tokens, in and out.
public struct ModelPrice: Sendable, Equatable {
    public var inputPerMillion: Double
    public var outputPerMillion: Double

    public init(inputPerMillion: Double, outputPerMillion: Double) {
        self.inputPerMillion = inputPerMillion
        self.outputPerMillion = outputPerMillion
    }

    public static let free = ModelPrice(inputPerMillion: 0, outputPerMillion: 0)

    public func cost(_ usage: TokenUsage) -> Double {
        (Double(usage.inputTokens) * inputPerMillion + Double(usage.outputTokens) * outputPerMillion) / 1_000_000
    }

    /// Published list prices of the models the configuration knows by name (USD / 1M tokens).
    public static let table: [String: ModelPrice] = [
        "claude-3-5-sonnet-latest": .init(inputPerMillion: 3, outputPerMillion: 15),
        "claude-sonnet-4-5": .init(inputPerMillion: 3, outputPerMillion: 15),
        "claude-3-5-haiku-latest": .init(inputPerMillion: 0.8, outputPerMillion: 4),
        "claude-haiku-4-5": .init(inputPerMillion: 1, outputPerMillion: 5),
        "gpt-4o": .init(inputPerMillion: 2.5, outputPerMillion: 10),
        "gpt-4o-mini": .init(inputPerMillion: 0.15, outputPerMillion: 0.6),
        "gpt-4.1-mini": .init(inputPerMillion: 0.4, outputPerMillion: 1.6),
        "gemini-1.5-pro": .init(inputPerMillion: 1.25, outputPerMillion: 5),
        "gemini-2.0-flash": .init(inputPerMillion: 0.1, outputPerMillion: 0.4),
        "gemini-2.5-flash": .init(inputPerMillion: 0.3, outputPerMillion: 2.5),
    ]
}
