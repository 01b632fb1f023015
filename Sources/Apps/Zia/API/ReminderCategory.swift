import Foundation
import PlatformAPI

/// The three reminders Zia keeps (docs/zia.md, "Reminders"), named by their notification category: each goes
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
