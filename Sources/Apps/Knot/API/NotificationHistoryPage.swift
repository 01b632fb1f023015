import Foundation

/// One page of notification history with the total (`GET /notifications/history`).
public struct NotificationHistoryPage: Codable, Sendable, Equatable {
    public var notifications: [NotificationHistoryItem]
    public var total: Int

    public init(notifications: [NotificationHistoryItem], total: Int) {
        self.notifications = notifications
        self.total = total
    }
}
