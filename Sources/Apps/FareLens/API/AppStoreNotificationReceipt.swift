import Foundation
import PlatformAPI

/// What the App Store webhook did with a notification.
public struct AppStoreNotificationReceipt: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case notificationUUID = "notification_uuid", outcome, reason }
    /// What happened to a notification: `applied` to a bound account, `stored` for an account not yet
    /// bound (applied when the app verifies the transaction), `duplicate` when its `notificationUUID`
    /// was seen before, `ignored` for a type that changes no tier or a purchase made in an App Store
    /// environment this server does not take (answered 200 so Apple does not retry it).
    public enum Outcome: String, Codable, Sendable, CaseIterable { case applied, stored, duplicate, ignored }
    public var notificationUUID: String
    public var outcome: Outcome
    /// Why a notification was ignored for its environment; absent otherwise.
    public var reason: String?

    public init(notificationUUID: String, outcome: Outcome, reason: String? = nil) {
        self.notificationUUID = notificationUUID
        self.outcome = outcome
        self.reason = reason
    }
}
