import Foundation

/// The answer of `GET /notifications/upcoming`.
public struct UpcomingNotifications: Codable, Sendable, Equatable {
    public var notifications: [UpcomingNotification]
    public var count: Int

    public init(notifications: [UpcomingNotification], count: Int) {
        self.notifications = notifications
        self.count = count
    }
}
