import Foundation
import PlatformAPI

/// Where a reminder is, `failed` for a delivery that gave up (docs/vibekeeper.md, "API").
public enum ReminderStatus: String, Codable, Sendable, CaseIterable {
    case pending, sent, cancelled, failed
}
