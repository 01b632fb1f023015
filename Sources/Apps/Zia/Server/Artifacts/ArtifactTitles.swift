import Foundation
import PlatformAPI
import ZiaAPI

/// The title of an artifact saved without one, from the day it is saved in the user's time zone:
/// "Meal plan for the week of Nov 23" and "Chore plan for the week of Nov 23" (the week's Monday),
/// "Bedtime routine for Nov 26".
public enum ArtifactTitles {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func title(for type: ArtifactType, at now: Date, in timeZone: TimeZone) -> String {
        let calendar = LocalDate.calendar(timeZone)
        let today = calendar.dateComponents([.year, .month, .day, .weekday], from: now)
        switch type {
        case .mealPlan: return "Meal plan for the week of " + day(monday(of: now, calendar), calendar)
        case .chorePlan: return "Chore plan for the week of " + day(monday(of: now, calendar), calendar)
        case .bedtimeRoutine: return "Bedtime routine for " + months[(today.month ?? 1) - 1] + " \(today.day ?? 1)"
        }
    }

    /// Noon of the Monday starting the local week of `now`.
    static func monday(of now: Date, _ calendar: Calendar) -> Date {
        let weekday = calendar.component(.weekday, from: now)  // 1 = Sunday
        let back = (weekday + 5) % 7
        let noon = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: now) ?? now
        return calendar.date(byAdding: .day, value: -back, to: noon) ?? noon
    }

    static func day(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.month, .day], from: date)
        return months[(parts.month ?? 1) - 1] + " \(parts.day ?? 1)"
    }
}
