import Foundation
import Observation

/// The sections of a partner vault, as the editor groups its fields (the onboarding steps that
/// collect them, without welcome and completion).
public enum VaultSection: String, CaseIterable, Sendable, Hashable {
    case basicInfo, interests, dislikes, milestones, vibes, budget, loveLanguages

    public var title: String {
        switch self {
        case .basicInfo: "About your partner"
        case .interests: "Things they love"
        case .dislikes: "Hard avoids"
        case .milestones: "Milestones"
        case .vibes: "Their vibe"
        case .budget: "Budget"
        case .loveLanguages: "Love languages"
        }
    }

    /// The section that edits a vault field named as the server names it (`budgets[1].max_amount`).
    public static func section(forField field: String) -> VaultSection {
        if field.hasPrefix("interests") { return .interests }
        if field.hasPrefix("dislikes") { return .dislikes }
        if field.hasPrefix("milestones") { return .milestones }
        if field.hasPrefix("vibes") { return .vibes }
        if field.hasPrefix("budgets") { return .budget }
        if field.hasPrefix("love_languages") { return .loveLanguages }
        return .basicInfo
    }
}
