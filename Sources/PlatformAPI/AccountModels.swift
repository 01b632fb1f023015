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

/// The body of `POST …/users/device-token`: a push token and its platform ("ios" when absent).
public struct DeviceRegistrationRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case deviceToken = "device_token", platform }
    public var deviceToken: String?
    public var platform: String?

    public init(deviceToken: String?, platform: String?) {
        self.deviceToken = deviceToken
        self.platform = platform
    }
}

/// The answer of `POST …/users/device-token`.
public struct DeviceRegistration: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case status, deviceToken = "device_token", platform }
    /// "registered" or "updated".
    public var status: String
    public var deviceToken: String
    public var platform: String

    public init(status: String, deviceToken: String, platform: String) {
        self.status = status
        self.deviceToken = deviceToken
        self.platform = platform
    }
}

/// The answer of `DELETE …/users/me`: the account and everything in it are gone.
public struct AccountDeletion: Codable, Sendable, Equatable {
    public var status: String
    public var message: String

    public init(status: String = "deleted", message: String = "Account and all associated data have been permanently deleted.") {
        self.status = status
        self.message = message
    }
}
