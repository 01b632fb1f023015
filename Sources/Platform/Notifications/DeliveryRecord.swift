import Auth
import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import SQLKit

/// A delivery row being written.
struct DeliveryRecord {
    var notification: OutgoingNotification
    var visibleTitle: String
    var visibleBody: String
    var channel: String
    var status = "sending"
    var error: String?
    var now: Date
    var deliveredAt: Date?

    init(notification: OutgoingNotification, visibleTitle: String, visibleBody: String, channel: String, now: Date) {
        self.notification = notification
        self.visibleTitle = visibleTitle
        self.visibleBody = visibleBody
        self.channel = channel
        self.now = now
    }

    /// Inserts or updates the row for the notification's idempotency key; returns the row's id.
    func save(on db: any SQLDatabase) async throws -> UUID? {
        let data = String(decoding: try JSONSerialization.data(withJSONObject: notification.data, options: [.sortedKeys]), as: UTF8.self)
        return try await db.raw(
            """
            INSERT INTO notification_deliveries (id, app, user_id, idempotency_key, dedupe_key, priority, channel, status, title, body, visible_title, visible_body,
                category, thread_id, data, devices, error, created_at, updated_at, delivered_at)
            VALUES (\(bind: UUID()), \(bind: notification.app.rawValue), \(bind: notification.user.uuid), \(bind: notification.idempotencyKey), \(bind: notification.dedupeKey),
                \(bind: notification.priority), \(bind: channel), \(bind: status), \(bind: notification.title), \(bind: notification.body), \(bind: visibleTitle), \(bind: visibleBody),
                \(bind: notification.category), \(bind: notification.threadID), \(bind: data), 0, \(bind: error), \(bind: now), \(bind: now), \(bind: deliveredAt))
            ON CONFLICT (idempotency_key) DO UPDATE SET channel = excluded.channel, status = excluded.status, error = excluded.error,
                visible_title = excluded.visible_title, visible_body = excluded.visible_body, updated_at = excluded.updated_at, delivered_at = excluded.delivered_at
            RETURNING id
            """
        ).first().map { try $0.uuid("id") }
    }
}
