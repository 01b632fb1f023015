import Foundation
import Logging
import PlatformCore
import Synchronization

/// What every routed call leaves behind, for the `run_metrics` table and metrics.
public struct ModelCallRecord: Sendable, Equatable {
    public var app: String?
    public var purpose: String
    public var provider: String
    public var model: String
    public var inputTokens: Int
    public var outputTokens: Int
    public var costUSD: Double
    public var latencyMilliseconds: Int
    /// `ok`, `error:<kind>`, `over_budget`, `circuit_open`.
    public var outcome: String
    public var at: Date
}
