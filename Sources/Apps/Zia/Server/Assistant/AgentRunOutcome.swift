import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// How an assist request ended, as its `zia_agent_runs` row says; `running` while it has not ended
/// (the row is the run's reservation of the monthly quota).
public enum AgentRunOutcome: String, Codable, Sendable, CaseIterable {
    case ok, refusal, error, cancelled, running
    case quotaExceeded = "quota_exceeded"

    /// A result counts toward the monthly quota, and so does a run still going (its reservation,
    /// until ``AgentRunRepository/reservationLifetime`` has passed): refusals, errors, runs the client
    /// left or the server stopped, and requests over the quota do not.
    public var countsTowardQuota: Bool { self == .ok || self == .running }
}
