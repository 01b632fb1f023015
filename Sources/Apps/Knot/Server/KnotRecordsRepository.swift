import Foundation
import Persistence
import PlatformCore
import SQLKit

/// Read access to the history tables the export needs beyond the other repositories (feedback and
/// every reminder, whatever its status), scoped by user. Recommendations come from
/// ``RecommendationRepository``.
public struct KnotRecordsRepository: Sendable {
    let database: any Database

    public init(database: any Database) { self.database = database }

    /// A feedback row as the data export writes it (raw columns, not the API's ``FeedbackRecord``).
    public struct ExportedFeedback: Encodable, Sendable {
        enum CodingKeys: String, CodingKey { case id, recommendationId = "recommendation_id", action, rating, feedbackText = "feedback_text", createdAt = "created_at" }
        var id: UUID
        var recommendationId: UUID
        var action: String
        var rating: Int?
        var feedbackText: String?
        var createdAt: Date
    }

    /// A reminder row, whatever its status, as the data export writes it.
    public struct NotificationRecord: Encodable, Sendable {
        enum CodingKeys: String, CodingKey {
            case id, milestoneId = "milestone_id", scheduledFor = "scheduled_for", daysBefore = "days_before", status, sentAt = "sent_at", viewedAt = "viewed_at", createdAt =
                "created_at"
        }
        var id: UUID
        var milestoneId: UUID?
        var scheduledFor: Date
        var daysBefore: Int
        var status: String
        var sentAt: Date?
        var viewedAt: Date?
        var createdAt: Date
    }

    public func feedback(for user: UserID) async throws -> [ExportedFeedback] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT id, recommendation_id, action, rating, feedback_text, created_at FROM recommendation_feedback
                WHERE user_id = \(bind: user.uuid) ORDER BY created_at, id
                """
            ).all().map { row in
                ExportedFeedback(
                    id: try row.uuid("id"), recommendationId: try row.uuid("recommendation_id"),
                    action: try row.decode(column: "action", as: String.self), rating: try row.decode(column: "rating", as: Int?.self),
                    feedbackText: try row.decode(column: "feedback_text", as: String?.self), createdAt: try row.decode(column: "created_at", as: Date.self)
                )
            }
        }
    }

    public func notifications(for user: UserID) async throws -> [NotificationRecord] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT id, milestone_id, scheduled_for, days_before, status, sent_at, viewed_at, created_at FROM notification_queue
                WHERE user_id = \(bind: user.uuid) ORDER BY scheduled_for, id
                """
            ).all().map { row in
                NotificationRecord(
                    id: try row.uuid("id"), milestoneId: try row.decode(column: "milestone_id", as: UUID?.self),
                    scheduledFor: try row.decode(column: "scheduled_for", as: Date.self), daysBefore: try row.decode(column: "days_before", as: Int.self),
                    status: try row.decode(column: "status", as: String.self), sentAt: try row.decode(column: "sent_at", as: Date?.self),
                    viewedAt: try row.decode(column: "viewed_at", as: Date?.self), createdAt: try row.decode(column: "created_at", as: Date.self)
                )
            }
        }
    }
}
