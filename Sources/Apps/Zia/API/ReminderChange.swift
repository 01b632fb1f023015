import Foundation
import PlatformAPI

/// One category's part of ``ReminderSettingsChanges``: only the fields given change.
public struct ReminderChange: Encodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case enabled, hour, minute, weekdaysOnly = "weekdays_only" }
    public var enabled: Bool?
    public var hour: Int?
    public var minute: Int?
    public var weekdaysOnly: Bool?

    public init(enabled: Bool? = nil, hour: Int? = nil, minute: Int? = nil, weekdaysOnly: Bool? = nil) {
        self.enabled = enabled
        self.hour = hour
        self.minute = minute
        self.weekdaysOnly = weekdaysOnly
    }

    /// One category's part of the body as it arrives: a field sent as `null` is noted, not read as left out.
    public struct Input: Decodable, Sendable, Equatable {
        typealias CodingKeys = ReminderChange.CodingKeys
        public var enabled: Bool?
        public var hour: Int?
        public var minute: Int?
        public var weekdaysOnly: Bool?
        /// The fields sent as `null`.
        public var nullFields: [String] = []

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            enabled = try container.decodeUnlessNull(Bool.self, forKey: .enabled, nulls: &nullFields)
            hour = try container.decodeUnlessNull(Int.self, forKey: .hour, nulls: &nullFields)
            minute = try container.decodeUnlessNull(Int.self, forKey: .minute, nulls: &nullFields)
            weekdaysOnly = try container.decodeUnlessNull(Bool.self, forKey: .weekdaysOnly, nulls: &nullFields)
        }

        public init(enabled: Bool? = nil, hour: Int? = nil, minute: Int? = nil, weekdaysOnly: Bool? = nil) {
            self.enabled = enabled
            self.hour = hour
            self.minute = minute
            self.weekdaysOnly = weekdaysOnly
        }
    }

    /// This change as the server reads it.
    public var input: Input { Input(enabled: enabled, hour: hour, minute: minute, weekdaysOnly: weekdaysOnly) }

    /// `setting` with this change applied (`weekdays_only` only where the category chooses days).
    public func applied(to setting: ReminderSetting, category: ReminderCategory) -> ReminderSetting {
        var setting = setting
        if let enabled { setting.enabled = enabled }
        if let hour { setting.hour = hour }
        if let minute { setting.minute = minute }
        if category.choosesDays, let weekdaysOnly { setting.weekdaysOnly = weekdaysOnly }
        return setting
    }
}
