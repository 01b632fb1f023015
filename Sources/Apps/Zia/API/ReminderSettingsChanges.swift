import Foundation
import PlatformAPI

/// The body of `PUT /reminders`: a partial update. A category left out, and a field left out of a
/// category, keep what is stored, so turning a reminder off and on again keeps its time.
/// `weekdays_only` is read for bedtime only (meal prep is always Monday to Friday, the chore
/// check-in daily). `null` is not "unchanged": it is a 422 naming the field.
public struct ReminderSettingsChanges: Encodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case bedtime = "bedtime_reminder", meal = "meal_reminder", chore = "chore_reminder" }
    public var bedtime: ReminderChange?
    public var meal: ReminderChange?
    public var chore: ReminderChange?

    public init(bedtime: ReminderChange? = nil, meal: ReminderChange? = nil, chore: ReminderChange? = nil) {
        self.bedtime = bedtime
        self.meal = meal
        self.chore = chore
    }

    public subscript(category: ReminderCategory) -> ReminderChange? {
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

    /// The body as it arrives, with the fields sent as `null` noted for ``check(_:)``.
    public struct Input: Decodable, Sendable, Equatable {
        typealias CodingKeys = ReminderSettingsChanges.CodingKeys
        public var bedtime: ReminderChange.Input?
        public var meal: ReminderChange.Input?
        public var chore: ReminderChange.Input?
        /// The fields sent as `null` (paths such as `bedtime_reminder.hour`), for ``check(_:)``.
        public var nullFields: [String] = []

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            bedtime = try container.decodeUnlessNull(ReminderChange.Input.self, forKey: .bedtime, nulls: &nullFields)
            meal = try container.decodeUnlessNull(ReminderChange.Input.self, forKey: .meal, nulls: &nullFields)
            chore = try container.decodeUnlessNull(ReminderChange.Input.self, forKey: .chore, nulls: &nullFields)
            for (category, change) in [(ReminderCategory.bedtime, bedtime), (.meal, meal), (.chore, chore)] {
                nullFields += change?.nullFields.map { "\(category.rawValue).\($0)" } ?? []
            }
        }

        public init(bedtime: ReminderChange.Input? = nil, meal: ReminderChange.Input? = nil, chore: ReminderChange.Input? = nil) {
            self.bedtime = bedtime
            self.meal = meal
            self.chore = chore
        }

        public subscript(category: ReminderCategory) -> ReminderChange.Input? {
            switch category {
            case .bedtime: bedtime
            case .meal: meal
            case .chore: chore
            }
        }
    }

    /// `hour` 0–23 and `minute` 0–59 where given, and `weekdays_only` changed for bedtime only, each
    /// error named by its path (`bedtime_reminder.hour`).
    public static func check(_ input: Input) -> Checked<ReminderSettingsChanges> {
        var v = Validator()
        var changes = ReminderSettingsChanges()
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
            changes[category] = ReminderChange(enabled: change.enabled, hour: change.hour, minute: change.minute, weekdaysOnly: change.weekdaysOnly)
        }
        return .from(v) { changes }
    }

    /// This body as the server reads it.
    public var input: Input { Input(bedtime: bedtime?.input, meal: meal?.input, chore: chore?.input) }
}
