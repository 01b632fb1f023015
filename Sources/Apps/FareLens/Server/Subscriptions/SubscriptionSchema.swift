import Persistence

/// The subscriptions part's tables (FareLens migration 9): App Store subscriptions by original
/// transaction, bound to at most one user (null until the app verifies a transaction of it, so a
/// notification for an unknown user is kept for later), and the notifications already handled.
enum SubscriptionSchema {
    static let migration = Migration(
        version: 9, name: "app store subscriptions",
        template: [
            """
            CREATE TABLE farelens_subscriptions (
                original_transaction_id TEXT PRIMARY KEY,
                user_id {uuid} REFERENCES users (id) ON DELETE CASCADE,
                product_id TEXT NOT NULL,
                expires_at {ts},
                revoked_at {ts},
                grace_ends_at {ts},
                trial_ends_at {ts},
                updated_at {ts} NOT NULL
            )
            """,
            "CREATE INDEX farelens_subscriptions_user ON farelens_subscriptions (user_id)",
            """
            CREATE TABLE farelens_appstore_notifications (
                notification_uuid TEXT PRIMARY KEY,
                notification_type TEXT NOT NULL,
                received_at {ts} NOT NULL
            )
            """,
        ]
    )
}
