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
    static let columns = "id, gift_idea_id, occasion_id, scheduled_for, message, channel, status, automatic, created_at, updated_at"

    static func insert(_ reminder: Reminder, title: String, user: UserID, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO reminders (id, user_id, gift_idea_id, occasion_id, scheduled_for, message, title, channel, status, automatic, created_at, updated_at)
            VALUES (\(bind: reminder.id.uuid), \(bind: user.uuid), \(bind: reminder.giftIdeaId?.uuid), \(bind: reminder.occasionId?.uuid), \(bind: reminder.scheduledFor),
                \(bind: reminder.message), \(bind: title), \(bind: reminder.channel.rawValue), \(bind: reminder.status.rawValue), \(bind: reminder.automatic),
                \(bind: reminder.createdAt), \(bind: reminder.updatedAt))
            """
        ).run()
    }

    static func reminder(from row: any SQLRow) throws -> Reminder {
        Reminder(
            id: ReminderID(try row.uuid("id")),
            giftIdeaId: try row.optionalUUID("gift_idea_id").map { GiftIdeaID($0) },
            occasionId: try row.optionalUUID("occasion_id").map { OccasionID($0) },
            scheduledFor: try row.decode(column: "scheduled_for", as: Date.self),
            message: try row.decode(column: "message", as: String.self),
            channel: ReminderChannel(rawValue: try row.decode(column: "channel", as: String.self)) ?? .push,
            status: ReminderStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .pending,
            automatic: try row.decode(column: "automatic", as: Bool.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }
}
