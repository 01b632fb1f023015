import Foundation

/// What kind of date a milestone is; holidays named Mother's/Father's Day float (seed 000 decision 103).
public enum MilestoneType: String, CaseIterable, Codable, Sendable, Hashable {
    case birthday, anniversary, holiday, custom

    /// The budget tier a milestone gets when the client names none (seed 001 step 1.4): birthdays,
    /// anniversaries, Valentine's Day and Christmas are major; other holidays minor; custom
    /// milestones have no default (the user must choose).
    public func defaultBudgetTier(name: String) -> OccasionType? {
        switch self {
        case .birthday, .anniversary:
            return .majorMilestone
        case .holiday:
            let lowered = name.lowercased()
            return lowered.contains("valentine") || lowered.contains("christmas") ? .majorMilestone : .minorOccasion
        case .custom:
            return nil
        }
    }
}
