import Foundation

/// A milestone reminder waiting to be sent (`GET /notifications/upcoming`).
public struct UpcomingNotification: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, milestoneId = "milestone_id", milestoneName = "milestone_name", milestoneType = "milestone_type", milestoneDate = "milestone_date"
        case daysBefore = "days_before", scheduledFor = "scheduled_for", status
    }
    public var id: NotificationID
    public var milestoneId: MilestoneID
    public var milestoneName: String
    public var milestoneType: String
    /// The occurrence the reminder is for (`YYYY-MM-DD`).
    public var milestoneDate: String
    /// 14, 7 or 3.
    public var daysBefore: Int
    public var scheduledFor: Date
    public var status: String

    public init(
        id: NotificationID, milestoneId: MilestoneID, milestoneName: String, milestoneType: String, milestoneDate: String, daysBefore: Int, scheduledFor: Date,
        status: String = "pending"
    ) {
        self.id = id
        self.milestoneId = milestoneId
        self.milestoneName = milestoneName
        self.milestoneType = milestoneType
        self.milestoneDate = milestoneDate
        self.daysBefore = daysBefore
        self.scheduledFor = scheduledFor
        self.status = status
    }
}
