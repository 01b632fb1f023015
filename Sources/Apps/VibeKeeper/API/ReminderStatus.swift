import Foundation
import PlatformAPI

/// Where a reminder is (seed 3.6 plus `failed` for a delivery that gave up).
public enum ReminderStatus: String, Codable, Sendable, CaseIterable {
    case pending, sent, cancelled, failed
}
