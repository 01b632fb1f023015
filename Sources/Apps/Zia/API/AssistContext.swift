import Foundation
import PlatformAPI

/// A `context` event's data, the first of every assist stream: the account and household the run
/// plans with, and the ids of the conversation and run it belongs to.
public struct AssistContext: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case profile, household, conversationID = "conversation_id", runID = "run_id", foodRules = "food_rules" }
    public var profile: ZiaUser
    public var household: HouseholdProfile
    public var conversationID: ConversationID
    public var runID: RunID
    /// How the run reads the household's food rules (absent from servers that predate it).
    public var foodRules: FoodRules?

    public init(profile: ZiaUser, household: HouseholdProfile, conversationID: ConversationID, runID: RunID, foodRules: FoodRules? = nil) {
        self.profile = profile
        self.household = household
        self.conversationID = conversationID
        self.runID = runID
        self.foodRules = foodRules
    }
}
