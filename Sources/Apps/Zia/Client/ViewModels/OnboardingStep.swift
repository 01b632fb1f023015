import Foundation
import Observation

/// The four onboarding steps, in order (docs/zia.md, "Screens' view models").
public enum OnboardingStep: Int, CaseIterable, Sendable, Comparable {
    case welcome, kids, preferences, bedtime

    public var title: String {
        switch self {
        case .welcome: "Welcome"
        case .kids: "Your kids"
        case .preferences: "Allergies & preferences"
        case .bedtime: "Bedtime"
        }
    }

    /// The fields (JSON paths) this step collects, for its own validation.
    var fields: [String] {
        switch self {
        case .welcome: ["display_name", "timezone", "beta_cohort"]
        case .kids: ["kids"]
        case .preferences: ["allergies", "cuisines"]
        case .bedtime: ["bedtime_preferences"]
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
