import Foundation
import KnotAPI
import Persistence
import PlatformCore
import SQLKit

extension MilestoneNotifications {
    public func upcoming(for user: UserID) async throws -> [UpcomingNotification] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT id, milestone_id, milestone_name, milestone_type, occurrence_date, days_before, scheduled_for, status FROM notification_queue
                WHERE user_id = \(bind: user.uuid) AND status IN ('pending', 'processing') AND milestone_id IS NOT NULL
                ORDER BY scheduled_for, days_before DESC
                """
            ).all().map { row in
                UpcomingNotification(
                    id: NotificationID(try row.uuid("id")), milestoneId: MilestoneID(try row.uuid("milestone_id")),
                    milestoneName: try row.decode(column: "milestone_name", as: String?.self) ?? "Milestone",
                    milestoneType: try row.decode(column: "milestone_type", as: String?.self) ?? "unknown",
                    milestoneDate: try row.decode(column: "occurrence_date", as: String.self), daysBefore: try row.decode(column: "days_before", as: Int.self),
                    scheduledFor: try row.decode(column: "scheduled_for", as: Date.self), status: try row.decode(column: "status", as: String.self)
                )
            }
        }
    }

    /// Sent and failed reminders, newest first, with the milestone's name, type and date (or the
    /// "Deleted Milestone" / "unknown" fallbacks of docs/knot.md, "API") and how many recommendations it has.
    public func history(for user: UserID, limit: Int, offset: Int) async throws -> (items: [NotificationHistoryItem], total: Int) {
        try await database.read { db in
            let total =
                try await db.raw(
                    """
                    SELECT COUNT(*) AS total FROM notification_queue WHERE user_id = \(bind: user.uuid) AND status IN ('sent', 'failed')
                    """
                ).first()?.decode(column: "total", as: Int.self) ?? 0
            let rows = try await db.raw(
                """
                SELECT q.id, q.milestone_id, q.occurrence_date, q.days_before, q.status,
                    q.sent_at, q.viewed_at, q.created_at, m.milestone_name, m.milestone_type, \(db.dateText("m.milestone_date")) AS milestone_date,
                    (SELECT COUNT(*) FROM recommendations r WHERE r.milestone_id = q.milestone_id) AS recommendations_count
                FROM notification_queue q LEFT JOIN partner_milestones m ON m.id = q.milestone_id
                WHERE q.user_id = \(bind: user.uuid) AND q.status IN ('sent', 'failed')
                ORDER BY COALESCE(q.sent_at, q.created_at) DESC, q.id
                LIMIT \(bind: limit) OFFSET \(bind: offset)
                """
            ).all()
            let items = try rows.map { row in
                let milestone = try row.decode(column: "milestone_id", as: UUID?.self)
                let occurrence = try row.decode(column: "occurrence_date", as: String.self)
                return NotificationHistoryItem(
                    id: NotificationID(try row.uuid("id")), milestoneId: milestone.map { MilestoneID($0) },
                    milestoneName: try row.decode(column: "milestone_name", as: String?.self) ?? "Deleted Milestone",
                    milestoneType: try row.decode(column: "milestone_type", as: String?.self) ?? "unknown",
                    milestoneDate: LocalDate(occurrence) != nil && occurrence != "0000-00-00" ? occurrence : try row.decode(column: "milestone_date", as: String?.self),
                    daysBefore: try row.decode(column: "days_before", as: Int.self), status: try row.decode(column: "status", as: String.self),
                    sentAt: try row.decode(column: "sent_at", as: Date?.self), viewedAt: try row.decode(column: "viewed_at", as: Date?.self),
                    createdAt: try row.decode(column: "created_at", as: Date.self),
                    recommendationsCount: milestone == nil ? 0 : try row.decode(column: "recommendations_count", as: Int.self)
                )
            }
            return (items, total)
        }
    }

    /// Marks a reminder viewed (the first time counts; later calls change nothing). `nil` when it is
    /// not the user's.
    public func markViewed(_ id: NotificationID, for user: UserID) async throws -> Date? {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                UPDATE notification_queue SET viewed_at = COALESCE(viewed_at, \(bind: now)) WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)
                RETURNING viewed_at
                """
            ).first()?.decode(column: "viewed_at", as: Date.self)
        }
    }
}
