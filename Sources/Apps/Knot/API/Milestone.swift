import Foundation

/// A stored partner milestone as `GET /vault` returns it (and the server keeps it).
public struct Milestone: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, milestoneType = "milestone_type", milestoneName = "milestone_name", milestoneDate = "milestone_date", recurrence, budgetTier = "budget_tier"
        case notificationsEnabled = "notifications_enabled"
    }
    public var id: MilestoneID
    public var milestoneType: MilestoneType
    public var milestoneName: String
    /// `YYYY-MM-DD`; yearly milestones carry the placeholder year 2000 (docs/knot.md, "The vault").
    public var milestoneDate: String
    public var recurrence: Recurrence
    public var budgetTier: OccasionType
    /// Whether this milestone triggers reminders (docs/knot.md, "API"); changed with
    /// `PUT /milestones/{id}/notifications`, kept by vault edits.
    public var notificationsEnabled: Bool

    public init(
        id: MilestoneID, milestoneType: MilestoneType, milestoneName: String, milestoneDate: String, recurrence: Recurrence, budgetTier: OccasionType,
        notificationsEnabled: Bool = true
    ) {
        self.id = id
        self.milestoneType = milestoneType
        self.milestoneName = milestoneName
        self.milestoneDate = milestoneDate
        self.recurrence = recurrence
        self.budgetTier = budgetTier
        self.notificationsEnabled = notificationsEnabled
    }

    /// Servers that predate per-milestone reminders omit `notifications_enabled`: it reads as true.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(MilestoneID.self, forKey: .id)
        milestoneType = try c.decode(MilestoneType.self, forKey: .milestoneType)
        milestoneName = try c.decode(String.self, forKey: .milestoneName)
        milestoneDate = try c.decode(String.self, forKey: .milestoneDate)
        recurrence = try c.decode(Recurrence.self, forKey: .recurrence)
        budgetTier = try c.decode(OccasionType.self, forKey: .budgetTier)
        notificationsEnabled = try c.decodeIfPresent(Bool.self, forKey: .notificationsEnabled) ?? true
    }
}
