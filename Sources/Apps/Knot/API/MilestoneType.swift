import Foundation

/// What kind of date a milestone is; holidays named Mother's/Father's Day float (docs/knot.md, "Floating holidays").
public enum MilestoneType: String, CaseIterable, Codable, Sendable, Hashable {
    case birthday, anniversary, holiday, custom

    /// The budget tier a milestone gets when the client names none (docs/knot.md, "The vault"): birthdays,
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
