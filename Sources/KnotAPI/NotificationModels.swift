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

/// The answer of `GET /notifications/upcoming`.
public struct UpcomingNotifications: Codable, Sendable, Equatable {
    public var notifications: [UpcomingNotification]
    public var count: Int

    public init(notifications: [UpcomingNotification], count: Int) {
        self.notifications = notifications
        self.count = count
    }
}

/// A sent (or failed) reminder in the history (`GET /notifications/history`, seed 000 decision 114).
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

/// One page of notification history with the total (`GET /notifications/history`).
public struct NotificationHistoryPage: Codable, Sendable, Equatable {
    public var notifications: [NotificationHistoryItem]
    public var total: Int

    public init(notifications: [NotificationHistoryItem], total: Int) {
        self.notifications = notifications
        self.total = total
    }
}

/// The answer of `PATCH /notifications/{id}/viewed`.
public struct ViewedReceipt: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, viewedAt = "viewed_at" }
    public var id: NotificationID
    public var viewedAt: Date

    public init(id: NotificationID, viewedAt: Date) {
        self.id = id
        self.viewedAt = viewedAt
    }
}
