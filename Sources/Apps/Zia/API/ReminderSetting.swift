import Foundation
import PlatformAPI

/// One reminder's setting as `GET|PUT /reminders` answer it: whether it is on, its local time,
/// whether it skips the weekend, and when it next goes out (null when off).
public struct ReminderSetting: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case enabled, hour, minute, weekdaysOnly = "weekdays_only", nextAt = "next_at" }
    public var enabled: Bool
    public var hour: Int
    public var minute: Int
    public var weekdaysOnly: Bool
    public var nextAt: Date?

    public init(enabled: Bool, hour: Int, minute: Int, weekdaysOnly: Bool, nextAt: Date? = nil) {
        self.enabled = enabled
        self.hour = hour
        self.minute = minute
        self.weekdaysOnly = weekdaysOnly
        self.nextAt = nextAt
    }

    /// A category's setting before the user changed anything: off, at its default time.
    public static func defaults(for category: ReminderCategory) -> ReminderSetting {
        ReminderSetting(enabled: false, hour: category.defaultTime.hour, minute: category.defaultTime.minute, weekdaysOnly: category.defaultWeekdaysOnly)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(hour, forKey: .hour)
        try container.encode(minute, forKey: .minute)
        try container.encode(weekdaysOnly, forKey: .weekdaysOnly)
        try container.encodeNullable(nextAt, forKey: .nextAt, in: encoder)
    }
}
