import Foundation
import Observation

/// Asks the system for notification permission (UNUserNotificationCenter in the app, a fake in
/// tests); answers whether it was granted.
public protocol NotificationPermissionRequesting: Sendable {
    func requestAuthorization() async -> Bool
}
