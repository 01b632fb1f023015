import Foundation

/// A user's notification preferences (`GET`/`PUT /<app>/api/v1/users/me/notification-preferences`):
/// a global switch, quiet hours (0–23) in their own time zone, and whether lock-screen text may show
/// names and details. Stored by the server, edited by every app's settings screen.
public struct NotificationPreferences: Codable, Sendable, Equatable {
    public var notificationsEnabled: Bool
    public var quietHoursStart: Int
    public var quietHoursEnd: Int
    public var timezone: String?
    /// Keep partner names and details off the lock screen (the full text stays inside the app).
    public var hideNotificationDetails: Bool

    public init(notificationsEnabled: Bool = true, quietHoursStart: Int = 22, quietHoursEnd: Int = 8, timezone: String? = nil, hideNotificationDetails: Bool = false) {
        self.notificationsEnabled = notificationsEnabled
        self.quietHoursStart = quietHoursStart
        self.quietHoursEnd = quietHoursEnd
        self.timezone = timezone
        self.hideNotificationDetails = hideNotificationDetails
    }

    enum CodingKeys: String, CodingKey {
        case notificationsEnabled = "notifications_enabled", quietHoursStart = "quiet_hours_start", quietHoursEnd = "quiet_hours_end", timezone, hideNotificationDetails =
            "hide_notification_details"
    }

    /// Servers that predate lock-screen privacy omit `hide_notification_details`; it reads as false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notificationsEnabled = try container.decode(Bool.self, forKey: .notificationsEnabled)
        quietHoursStart = try container.decode(Int.self, forKey: .quietHoursStart)
        quietHoursEnd = try container.decode(Int.self, forKey: .quietHoursEnd)
        timezone = try container.decodeIfPresent(String.self, forKey: .timezone)
        hideNotificationDetails = try container.decodeIfPresent(Bool.self, forKey: .hideNotificationDetails) ?? false
    }

    /// Encodes `timezone` as `null` when unset, so clients always see every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notificationsEnabled, forKey: .notificationsEnabled)
        try container.encode(quietHoursStart, forKey: .quietHoursStart)
        try container.encode(quietHoursEnd, forKey: .quietHoursEnd)
        try container.encodeNullable(timezone, forKey: .timezone, in: encoder)
        try container.encode(hideNotificationDetails, forKey: .hideNotificationDetails)
    }
}
