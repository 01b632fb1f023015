import Foundation
import PlatformAPI
import ZiaAPI

/// The memories an assist run may plan with: the seam between the stream route and the memory
/// store (tests give a run none).
public protocol PromptMemories: Sendable {
    /// The texts of `user`'s memories for `domain` (all domains when nil); none unless the user's
    /// personalization consent is on.
    func memoriesForPrompt(user: UserID, domain: MemoryDomain?) async throws -> [String]
}

extension MemoryStore: PromptMemories {}

extension MemoryDomain {
    /// The memory domain an agent plans with: the meal planner's `meal_…` keys, the routine agent's
    /// `routine_…`, the chores agent's `chore_…`; nil (every domain) for the generic agent.
    public init?(intent: AssistIntent) {
        switch intent {
        case .mealPlanning: self = .meal
        case .routines: self = .routine
        case .chores: self = .chore
        case .generic: return nil
        }
    }
}
