import Foundation
import Logging
import PlatformCore
import Synchronization

/// Retry, timeout and circuit-breaker settings.
public struct RouterPolicy: Sendable {
    public var maxAttempts = 3
    public var baseBackoff: Duration = .milliseconds(250)
    public var maxBackoff: Duration = .seconds(8)
    public var timeout: Duration = .seconds(45)
    /// Consecutive failures that open a target's circuit.
    public var breakerThreshold = 3
    /// How long an open circuit stays open before one trial call (half-open).
    public var breakerCooldown: TimeInterval = 30

    public init() {}
}
