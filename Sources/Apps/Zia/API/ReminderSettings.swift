import Foundation
import PlatformAPI

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
