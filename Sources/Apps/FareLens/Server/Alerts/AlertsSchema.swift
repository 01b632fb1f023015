import Persistence

/// The alerts part's tables (migration 7): every alert decided for a user with what became of it
/// (`farelens_alerts`, the history: nothing over a cap or deduplicated is lost), each user's
/// immediate-alert threshold, and their mutes (a route or an airline, one row each, so a mute has an
/// id to undo). Rows go with the user.
public enum AlertsSchema {
    public static let migration = Migration(
        version: 7, name: "alerts",
        template: [
            """
            CREATE TABLE farelens_alerts (
                id {uuid} PRIMARY KEY,
                user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                watchlist_id {uuid} NOT NULL,
                origin TEXT NOT NULL,
                destination TEXT NOT NULL,
                departure_date TEXT NOT NULL,
                airline TEXT NOT NULL,
                price_cents BIGINT NOT NULL,
                currency TEXT NOT NULL,
                deal_score INTEGER NOT NULL,
                queue_score {double} NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('sent', 'deferred', 'capped', 'deduplicated', 'muted', 'below_threshold')),
                delivery TEXT,
                deliver_at {ts},
                created_at {ts} NOT NULL,
                updated_at {ts} NOT NULL
            )
            """,
            "CREATE INDEX farelens_alerts_user ON farelens_alerts (user_id, created_at)",
            "CREATE INDEX farelens_alerts_due ON farelens_alerts (status, deliver_at)",
            """
            CREATE TABLE farelens_alert_preferences (
                user_id {uuid} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                immediate_threshold INTEGER NOT NULL CHECK (immediate_threshold BETWEEN 60 AND 100),
                updated_at {ts} NOT NULL
            )
            """,
            """
            CREATE TABLE farelens_alert_mutes (
                id {uuid} PRIMARY KEY,
                user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                origin TEXT,
                destination TEXT,
                airline TEXT,
                target TEXT NOT NULL,
                created_at {ts} NOT NULL,
                UNIQUE (user_id, target)
            )
            """,
        ]
    )
}
