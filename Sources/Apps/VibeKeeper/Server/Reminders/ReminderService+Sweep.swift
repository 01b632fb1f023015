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
    /// The daily sweep: every user with a dated idea or an occasion.
    public func syncAll() async throws {
        let users = try await database.read { db in
            try await db.raw("SELECT user_id FROM gift_ideas WHERE idea_date IS NOT NULL UNION SELECT user_id FROM occasions").all()
                .map { UserID(try $0.uuid("user_id")) }
        }
        for user in users { await sync(user: user) }
    }
}
