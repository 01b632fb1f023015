import Foundation
import Observation

/// The 9 onboarding steps in the order docs/knot.md gives ("Client SDK and `knot` CLI").
public enum OnboardingStep: Int, CaseIterable, Sendable, Comparable {
    case welcome, basicInfo, interests, dislikes, milestones, vibes, budget, loveLanguages, completion

    /// The vault section this step collects (nil for welcome and completion); its title is the step's.
    public var section: VaultSection? {
        switch self {
        case .welcome, .completion: nil
        case .basicInfo: .basicInfo
        case .interests: .interests
        case .dislikes: .dislikes
        case .milestones: .milestones
        case .vibes: .vibes
        case .budget: .budget
        case .loveLanguages: .loveLanguages
        }
    }

    public var title: String {
        switch self {
        case .welcome: "Welcome"
        case .completion: "All set"
        default: section?.title ?? ""
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
