import Foundation
import PlatformAPI

/// The three reminders Zia keeps (seed step 35), named by their notification category: each goes
/// out at a local time the user chose, on its days.
public enum ReminderCategory: String, Codable, Sendable, CaseIterable {
    /// The bedtime routine: every day, or Monday to Friday only.
    case bedtime = "bedtime_reminder"
    /// Meal prep: Monday to Friday.
    case meal = "meal_reminder"
    /// The chore check-in: every day.
    case chore = "chore_reminder"

    /// The time a reminder has before the user picks one.
    public var defaultTime: (hour: Int, minute: Int) {
        switch self {
        case .bedtime: (19, 30)
        case .meal: (17, 0)
        case .chore: (18, 0)
        }
    }

    /// Whether the category lets the user choose between every day and weekdays only (bedtime
    /// does; meal prep is always Monday to Friday, the chore check-in always daily).
    public var choosesDays: Bool { self == .bedtime }

    /// Whether the category goes out Monday to Friday only when the user did not choose.
    public var defaultWeekdaysOnly: Bool { self == .meal }
}

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

/// `GET|PUT /reminders`'s answer: the caller's three reminders, by category.
public struct ReminderSettings: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case bedtime = "bedtime_reminder", meal = "meal_reminder", chore = "chore_reminder" }
    public var bedtime: ReminderSetting
    public var meal: ReminderSetting
    public var chore: ReminderSetting

    public init(bedtime: ReminderSetting, meal: ReminderSetting, chore: ReminderSetting) {
        self.bedtime = bedtime
        self.meal = meal
        self.chore = chore
    }

    public subscript(category: ReminderCategory) -> ReminderSetting {
        get {
            switch category {
            case .bedtime: bedtime
            case .meal: meal
            case .chore: chore
            }
        }
        set {
            switch category {
            case .bedtime: bedtime = newValue
            case .meal: meal = newValue
            case .chore: chore = newValue
            }
        }
    }
}

/// The body of `PUT /reminders`: a partial update. A category left out, and a field left out of a
/// category, keep what is stored, so turning a reminder off and on again keeps its time.
/// `weekdays_only` is read for bedtime only (meal prep is always Monday to Friday, the chore
/// check-in daily). `null` is not "unchanged": it is a 422 naming the field.
public struct ReminderSettingsInput: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case bedtime = "bedtime_reminder", meal = "meal_reminder", chore = "chore_reminder" }
    public var bedtime: ReminderChange?
    public var meal: ReminderChange?
    public var chore: ReminderChange?
    /// The fields sent as `null` (paths such as `bedtime_reminder.hour`), for ``check(_:)``.
    public var nullFields: [String] = []

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        bedtime = try container.decodeUnlessNull(ReminderChange.self, forKey: .bedtime, nulls: &nullFields)
        meal = try container.decodeUnlessNull(ReminderChange.self, forKey: .meal, nulls: &nullFields)
        chore = try container.decodeUnlessNull(ReminderChange.self, forKey: .chore, nulls: &nullFields)
        for (category, change) in [(ReminderCategory.bedtime, bedtime), (.meal, meal), (.chore, chore)] {
            nullFields += change?.nullFields.map { "\(category.rawValue).\($0)" } ?? []
        }
    }

    public init(bedtime: ReminderChange? = nil, meal: ReminderChange? = nil, chore: ReminderChange? = nil) {
        self.bedtime = bedtime
        self.meal = meal
        self.chore = chore
    }

    public subscript(category: ReminderCategory) -> ReminderChange? {
        switch category {
        case .bedtime: bedtime
        case .meal: meal
        case .chore: chore
        }
    }

    /// `hour` 0–23 and `minute` 0–59 where given, and `weekdays_only` changed for bedtime only, each
    /// error named by its path (`bedtime_reminder.hour`).
    public static func check(_ input: ReminderSettingsInput) -> Checked<ReminderSettingsInput> {
        var v = Validator()
        for field in input.nullFields { v.fail(field, "must not be null (leave it out to keep it)") }
        for category in ReminderCategory.allCases {
            guard let change = input[category] else { continue }
            if let hour = change.hour { v.check((0...23).contains(hour), "\(category.rawValue).hour", "must be an integer from 0 to 23") }
            if let minute = change.minute { v.check((0...59).contains(minute), "\(category.rawValue).minute", "must be an integer from 0 to 59") }
            // Only bedtime chooses its days; meal prep is always Monday to Friday, the check-in daily.
            if let weekdaysOnly = change.weekdaysOnly, category != .bedtime, weekdaysOnly != category.defaultWeekdaysOnly {
                let why = category.defaultWeekdaysOnly ? "is always true: meal prep is Monday to Friday" : "is always false: the check-in is daily"
                v.fail("\(category.rawValue).weekdays_only", why)
            }
        }
        return .from(v) { input }
    }
}

/// One category's part of ``ReminderSettingsInput``: only the fields given change.
public struct ReminderChange: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case enabled, hour, minute, weekdaysOnly = "weekdays_only" }
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

extension KeyedDecodingContainer {
    /// Reads `key` when present and not `null`; a `null` adds the key's name to `nulls`.
    fileprivate func decodeUnlessNull<Value: Decodable & Sendable & Equatable>(_ type: Value.Type, forKey key: Key, nulls: inout [String]) throws -> Value? {
        switch try decodePatch(type, forKey: key) {
        case .unchanged: return nil
        case .cleared:
            nulls.append(key.stringValue)
            return nil
        case .set(let value): return value
        }
    }
}
