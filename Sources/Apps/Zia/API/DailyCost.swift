import Foundation
import PlatformAPI

/// Zia's model spend on one UTC day.
public struct DailyCost: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case day, costUSD = "cost_usd", calls, inputTokens = "input_tokens", outputTokens = "output_tokens" }
    /// `YYYY-MM-DD`, UTC.
    public var day: String
    public var costUSD: Double
    public var calls: Int
    public var inputTokens: Int
    public var outputTokens: Int
    public init(day: String, costUSD: Double = 0, calls: Int = 0, inputTokens: Int = 0, outputTokens: Int = 0) {
        self.day = day
        self.costUSD = costUSD
        self.calls = calls
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
    }
}
