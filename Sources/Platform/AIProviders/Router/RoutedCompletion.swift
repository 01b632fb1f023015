import Foundation
import Logging
import PlatformCore
import Synchronization

/// A completion and who produced it.
public struct RoutedCompletion: Sendable {
    public let completion: Completion
    public let target: String
    public let costUSD: Double
    /// Targets tried before this one, and why they were passed over.
    public let skipped: [(target: String, reason: String)]
}
