import Foundation
import PlatformAPI

/// One model target as the platform's router sees it.
public struct ProviderHealth: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case target, provider, circuit, successRate = "success_rate", successes, failures, averageLatencyMs = "average_latency_ms", lastError = "last_error"
    }
    public var target: String
    public var provider: String
    /// `closed`, `open` or `half_open`.
    public var circuit: String
    /// Successes over calls; 1 before any call.
    public var successRate: Double
    public var successes: Int
    public var failures: Int
    public var averageLatencyMs: Int
    public var lastError: String?

    public init(
        target: String, provider: String, circuit: String, successRate: Double, successes: Int, failures: Int, averageLatencyMs: Int, lastError: String?
    ) {
        self.target = target
        self.provider = provider
        self.circuit = circuit
        self.successRate = successRate
        self.successes = successes
        self.failures = failures
        self.averageLatencyMs = averageLatencyMs
        self.lastError = lastError
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(target, forKey: .target)
        try container.encode(provider, forKey: .provider)
        try container.encode(circuit, forKey: .circuit)
        try container.encode(successRate, forKey: .successRate)
        try container.encode(successes, forKey: .successes)
        try container.encode(failures, forKey: .failures)
        try container.encode(averageLatencyMs, forKey: .averageLatencyMs)
        try container.encodeNullable(lastError, forKey: .lastError, in: encoder)
    }
}
