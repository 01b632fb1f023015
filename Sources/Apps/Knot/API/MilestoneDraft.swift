import Foundation

/// A milestone as a client sends it: no ID on create, an existing ID on edit; the budget tier may
/// be left to the server's default except for custom milestones.
public struct MilestoneDraft: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, milestoneType = "milestone_type", milestoneName = "milestone_name", milestoneDate = "milestone_date", recurrence, budgetTier = "budget_tier"
    }
    public var id: MilestoneID?
    public var milestoneType: MilestoneType
    public var milestoneName: String
    public var milestoneDate: String
    public var recurrence: Recurrence
    public var budgetTier: OccasionType?

    public init(
        id: MilestoneID? = nil, milestoneType: MilestoneType, milestoneName: String, milestoneDate: String, recurrence: Recurrence = .yearly, budgetTier: OccasionType? = nil
    ) {
        self.id = id
        self.milestoneType = milestoneType
        self.milestoneName = milestoneName
        self.milestoneDate = milestoneDate
        self.recurrence = recurrence
        self.budgetTier = budgetTier
    }
}
