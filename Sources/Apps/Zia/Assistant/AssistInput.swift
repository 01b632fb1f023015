import AIProviders
import Foundation
import PlatformAPI
import ZiaAPI

/// What one assist run is given: the caller's goal and household, the conversation's last turns
/// and the memories the user consented to.
public struct AssistInput: Sendable {
    public var userID: UserID
    public var goal: String
    public var mode: AssistMode?
    public var household: HouseholdProfile
    /// The conversation's last turns, oldest first (the new goal not included).
    public var history: [ChatMessage]
    /// Memory texts to plan with (empty unless the user's personalization consent is on).
    public var memories: [String]
    public var conversationID: UUID
    public var runID: UUID
    /// The food rules the conversation's earlier planned goals stated (nil: read from ``history``).
    public var conversationRules: [String]?
    /// The conversation's last answer that was a meal plan (nil: looked for in ``history``).
    public var lastPlan: String?
    /// The user's arm of each experiment (`synthesis_prompt` → `concise_v2`, `model_strategy` →
    /// `quality_meals`), recorded in the run's state.
    public var variants: [String: String]

    public init(
        userID: UserID, goal: String, mode: AssistMode? = nil, household: HouseholdProfile, history: [ChatMessage] = [], memories: [String] = [],
        conversationID: UUID = UUID(), runID: UUID = UUID(), variants: [String: String] = [:], conversationRules: [String]? = nil, lastPlan: String? = nil
    ) {
        self.variants = variants
        self.conversationRules = conversationRules
        self.lastPlan = lastPlan
        self.userID = userID
        self.goal = goal
        self.mode = mode
        self.household = household
        self.history = history
        self.memories = memories
        self.conversationID = conversationID
        self.runID = runID
    }
}
