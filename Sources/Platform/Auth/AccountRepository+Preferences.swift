import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The user's notification preferences.
extension AccountRepository {
    public func preferences(of user: UserID) async throws -> NotificationPreferences? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT notifications_enabled, quiet_hours_start, quiet_hours_end, timezone, hide_notification_details FROM users WHERE id = \(bind: user.uuid)
                    """
                ).first()
            else { return nil }
            return NotificationPreferences(
                notificationsEnabled: try row.decode(column: "notifications_enabled", as: Bool.self),
                quietHoursStart: try row.decode(column: "quiet_hours_start", as: Int.self),
                quietHoursEnd: try row.decode(column: "quiet_hours_end", as: Int.self),
                timezone: try row.decode(column: "timezone", as: String?.self),
                hideNotificationDetails: try row.decode(column: "hide_notification_details", as: Bool.self)
            )
        }
    }

    public func savePreferences(_ preferences: NotificationPreferences, of user: UserID) async throws {
        let now = clock.now()
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE users SET notifications_enabled = \(bind: preferences.notificationsEnabled), quiet_hours_start = \(bind: preferences.quietHoursStart),
                    quiet_hours_end = \(bind: preferences.quietHoursEnd), timezone = \(bind: preferences.timezone),
                    hide_notification_details = \(bind: preferences.hideNotificationDetails), updated_at = \(bind: now)
                WHERE id = \(bind: user.uuid)
                """
            ).run()
        }
    }
}
