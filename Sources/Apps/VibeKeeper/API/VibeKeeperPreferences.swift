import Foundation
import PlatformAPI

/// `GET/PUT /users/me/preferences`: `notificationLeadTime` (days, 0–365, default 7; docs/vibekeeper.md, "API").
public struct VibeKeeperPreferences: Codable, Sendable, Equatable {
    public var notificationLeadTime: Int

    public init(notificationLeadTime: Int = VibeKeeperRules.defaultLeadTimeDays) {
        self.notificationLeadTime = notificationLeadTime
    }

    /// The body of `PUT /users/me/preferences` as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        public var notificationLeadTime: Int?

        public init(notificationLeadTime: Int? = nil) {
            self.notificationLeadTime = notificationLeadTime
        }
    }

    /// `notificationLeadTime` required, whole days from 0 to 365.
    public static func check(_ input: Input) -> Checked<VibeKeeperPreferences> {
        var v = Validator()
        if let days = input.notificationLeadTime {
            v.check(VibeKeeperRules.leadTimeRange.contains(days), "notificationLeadTime", "must be a whole number of days from 0 to 365")
        } else {
            v.fail("notificationLeadTime", "is required")
        }
        return .from(v) { input.notificationLeadTime.map { VibeKeeperPreferences(notificationLeadTime: $0) } }
    }
}
