import Foundation
import Observation

/// What the user picks after onboarding; the app navigates by it (docs/zia.md,
/// "Screens' view models").
public enum FirstTask: String, CaseIterable, Sendable {
    case planMeals, bedtimeRoutine

    public var title: String {
        switch self {
        case .planMeals: "Plan Meals"
        case .bedtimeRoutine: "Bedtime Routine"
        }
    }
}
