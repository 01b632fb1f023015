import Foundation

/// The body of `PUT …/users/me/notification-preferences`: only the preferences given change
/// (absent keys are left out of the JSON and keep their stored value).
public struct NotificationPreferencesUpdate: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case notificationsEnabled = "notifications_enabled", quietHoursStart = "quiet_hours_start", quietHoursEnd = "quiet_hours_end", timezone, hideNotificationDetails =
            "hide_notification_details"
    }
    public var notificationsEnabled: Bool?
    public var quietHoursStart: Int?
    public var quietHoursEnd: Int?
    public var timezone: String?
    public var hideNotificationDetails: Bool?

    public init(notificationsEnabled: Bool? = nil, quietHoursStart: Int? = nil, quietHoursEnd: Int? = nil, timezone: String? = nil, hideNotificationDetails: Bool? = nil) {
        self.notificationsEnabled = notificationsEnabled
        self.quietHoursStart = quietHoursStart
        self.quietHoursEnd = quietHoursEnd
        self.timezone = timezone
        self.hideNotificationDetails = hideNotificationDetails
    }
}
