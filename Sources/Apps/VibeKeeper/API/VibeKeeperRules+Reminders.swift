import Foundation
import PlatformAPI

extension VibeKeeperRules {
    public static let maxReminderMessageLength = 500
    /// How far in the past a new `scheduled_for` may be (clock skew): it then goes out at once.
    public static let reminderPastTolerance: TimeInterval = 60
}
