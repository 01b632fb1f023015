import Foundation
import Logging
import PlatformCore
import Synchronization

/// Health of one target as the router sees it.
public struct TargetHealth: Sendable, Equatable {
    public enum Circuit: String, Sendable { case closed, open, halfOpen = "half_open" }
    public var target: String
    public var provider: String
    public var successes: Int
    public var failures: Int
    public var averageLatencyMilliseconds: Int
    public var circuit: Circuit
    public var lastError: String?

    public var successRate: Double { successes + failures == 0 ? 1 : Double(successes) / Double(successes + failures) }
}
