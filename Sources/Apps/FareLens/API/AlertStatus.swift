import Foundation
import PlatformAPI

/// What became of an alert.
public enum AlertStatus: String, Codable, Sendable, CaseIterable {
    /// Pushed (or put in the outbox without APNs).
    case sent
    /// Inside the user's quiet hours: goes out at their end (`deliver_at`).
    case deferred
    /// The day's immediate alerts are used up.
    case capped
    /// An alert for the same route went out within 12 hours.
    case deduplicated
    /// The route or the airline is muted.
    case muted
    /// The deal scores under the user's immediate-alert threshold.
    case belowThreshold = "below_threshold"
}
