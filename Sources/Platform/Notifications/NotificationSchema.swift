import Persistence

/// The record of every notification the engine handled, per app and user: what was sent, on which
/// channel, and why one was not (duplicate, capped, disabled). Rows with channel `outbox` are the
/// outbox: where notifications go when APNs is not configured, readable by their owner.
public enum NotificationSchema {
    public static let migrations = MigrationSet(
        component: "notifications",
        migrations: [
            Migration(
                version: 1, name: "notification_deliveries",
                template: [
                    """
                    CREATE TABLE notification_deliveries (
                        id {uuid} PRIMARY KEY,
                        app TEXT NOT NULL,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        idempotency_key TEXT NOT NULL UNIQUE,
                        dedupe_key TEXT,
                        priority INTEGER NOT NULL DEFAULT 0,
                        channel TEXT NOT NULL CHECK (channel IN ('apns', 'outbox', 'none')),
                        status TEXT NOT NULL CHECK (status IN ('sending', 'delivered', 'failed', 'deduplicated', 'capped', 'skipped')),
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        visible_title TEXT NOT NULL,
                        visible_body TEXT NOT NULL,
                        category TEXT,
                        thread_id TEXT,
                        data TEXT NOT NULL,
                        devices INTEGER NOT NULL DEFAULT 0,
                        error TEXT,
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL,
                        delivered_at {ts}
                    )
                    """,
                    "CREATE INDEX notification_deliveries_user ON notification_deliveries (user_id, app, created_at)",
                    "CREATE INDEX notification_deliveries_dedupe ON notification_deliveries (user_id, app, dedupe_key, created_at)",
                ]
            )
        ])
}
