import Foundation

/// A sent (or failed) reminder in the history (`GET /notifications/history`, docs/knot.md, "API").
/// Absent values are sent as `null`, so clients always see every field.
public struct NotificationHistoryItem: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, milestoneId = "milestone_id", milestoneName = "milestone_name", milestoneType = "milestone_type", milestoneDate = "milestone_date"
        case daysBefore = "days_before", status, sentAt = "sent_at", viewedAt = "viewed_at", createdAt = "created_at", recommendationsCount = "recommendations_count"
    }
    public var id: NotificationID
    /// Nil once the milestone was deleted (the name is then "Deleted Milestone").
    public var milestoneId: MilestoneID?
    public var milestoneName: String
    public var milestoneType: String
    public var milestoneDate: String?
    public var daysBefore: Int
    /// "sent" or "failed".
    public var status: String
    public var sentAt: Date?
    public var viewedAt: Date?
    public var createdAt: Date
    public var recommendationsCount: Int

    public init(
        id: NotificationID, milestoneId: MilestoneID?, milestoneName: String, milestoneType: String, milestoneDate: String?, daysBefore: Int, status: String, sentAt: Date?,
        viewedAt: Date?, createdAt: Date, recommendationsCount: Int
    ) {
        self.id = id
        self.milestoneId = milestoneId
        self.milestoneName = milestoneName
        self.milestoneType = milestoneType
        self.milestoneDate = milestoneDate
        self.daysBefore = daysBefore
        self.status = status
        self.sentAt = sentAt
        self.viewedAt = viewedAt
        self.createdAt = createdAt
        self.recommendationsCount = recommendationsCount
    }

    /// Whether the user has opened this reminder.
    public var isViewed: Bool { viewedAt != nil }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeNullable(milestoneId, forKey: .milestoneId, in: encoder)
        try container.encode(milestoneName, forKey: .milestoneName)
        try container.encode(milestoneType, forKey: .milestoneType)
        try container.encodeNullable(milestoneDate, forKey: .milestoneDate, in: encoder)
        try container.encode(daysBefore, forKey: .daysBefore)
        try container.encode(status, forKey: .status)
        try container.encodeNullable(sentAt, forKey: .sentAt, in: encoder)
        try container.encodeNullable(viewedAt, forKey: .viewedAt, in: encoder)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(recommendationsCount, forKey: .recommendationsCount)
    }
}
