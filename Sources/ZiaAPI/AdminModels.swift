import Foundation
import PlatformAPI

/// Whether the database answered a probe.
public enum DatabaseState: String, Codable, Sendable, CaseIterable {
    case ok, unavailable
}

/// `GET /health`'s answer (public): `ok`, or `unavailable` (503) when the database does not answer.
public struct ZiaHealth: Codable, Sendable, Equatable {
    public var status: DatabaseState
    public var database: DatabaseState
    public init(database: DatabaseState) {
        self.status = database
        self.database = database
    }
}

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

/// `GET /admin/healthz`'s answer: the database and the model targets (503 when the database is down).
public struct AdminHealth: Codable, Sendable, Equatable {
    public var status: DatabaseState
    public var database: DatabaseState
    public var providers: [ProviderHealth]
    public init(database: DatabaseState, providers: [ProviderHealth]) {
        self.status = database
        self.database = database
        self.providers = providers
    }
}

/// One arm of an experiment and the share of users it gets.
public struct ExperimentVariant: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, samplingRate = "sampling_rate", description }
    public var name: String
    /// 0…1; an experiment's variants add up to 1.
    public var samplingRate: Double
    public var description: String
    public init(name: String, samplingRate: Double, description: String) {
        self.name = name
        self.samplingRate = samplingRate
        self.description = description
    }
}

/// An experiment Zia runs: its variants, and the variant a beta cohort always gets.
public struct Experiment: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, description, variants, cohortOverrides = "cohort_overrides" }
    public var name: String
    public var description: String
    public var variants: [ExperimentVariant]
    /// `beta_cohort` → variant name.
    public var cohortOverrides: [String: String]
    public init(name: String, description: String, variants: [ExperimentVariant], cohortOverrides: [String: String] = [:]) {
        self.name = name
        self.description = description
        self.variants = variants
        self.cohortOverrides = cohortOverrides
    }
}

/// `GET /admin/experiments`'s answer.
public struct ExperimentList: Codable, Sendable, Equatable {
    public var experiments: [Experiment]
    public init(experiments: [Experiment]) { self.experiments = experiments }
}

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

/// `GET /admin/costs`'s answer: every UTC day of the window, oldest first, days without calls as zeros.
public struct CostReport: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case days, totalCostUSD = "total_cost_usd", daily }
    public var days: Int
    public var totalCostUSD: Double
    public var daily: [DailyCost]
    public init(days: Int, daily: [DailyCost]) {
        self.days = days
        self.daily = daily
        self.totalCostUSD = daily.reduce(0) { $0 + $1.costUSD }
    }

    /// The window's bounds and default (`?days=`).
    public static let dayRange = 1...90
    public static let defaultDays = 14
}

/// The seed's `POST /auth/apple` answer: the platform's token pair plus `jwt`, the access token
/// again under the seed's name.
public struct ZiaAppleSession: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case jwt }
    public var tokens: TokenPair
    public var jwt: String { tokens.accessToken }

    public init(tokens: TokenPair) { self.tokens = tokens }

    public init(from decoder: any Decoder) throws {
        tokens = try TokenPair(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try tokens.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jwt, forKey: .jwt)
    }
}
