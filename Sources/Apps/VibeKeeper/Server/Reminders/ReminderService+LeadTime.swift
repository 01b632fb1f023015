import AppPlatform
import Auth
import Foundation
import Jobs
import Logging
import Notifications
import Persistence
import PlatformCore
import SQLKit
import VibeKeeperAPI

extension ReminderService {
    /// Days before a dated idea its automatic reminder goes out (`notificationLeadTime`, docs/vibekeeper.md, "API").
    public func leadTime(of user: UserID) async throws -> Int {
        try await database.read { db in
            try await db.raw("SELECT notification_lead_time FROM vibekeeper_preferences WHERE user_id = \(bind: user.uuid)").first()?
                .decode(column: "notification_lead_time", as: Int.self) ?? VibeKeeperRules.defaultLeadTimeDays
        }
    }

    /// Saves the lead time and moves the user's pending automatic reminders.
    public func setLeadTime(_ days: Int, for user: UserID) async throws {
        let now = clock.now()
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO vibekeeper_preferences (user_id, notification_lead_time, updated_at) VALUES (\(bind: user.uuid), \(bind: days), \(bind: now))
                ON CONFLICT (user_id) DO UPDATE SET notification_lead_time = \(bind: days), updated_at = \(bind: now)
                """
            ).run()
        }
        await sync(user: user)
    }
}
