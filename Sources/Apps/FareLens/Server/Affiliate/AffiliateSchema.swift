import Persistence

/// The affiliate part's tables (migration 8): booking links served (impressions, for CTR), clicks,
/// Travelpayouts commissions (one row per notification id, the matched click's placement and arm
/// copied so the report survives the user's deletion) and "Did you complete booking?" answers.
public enum AffiliateSchema {
    public static let migration = Migration(
        version: 8, name: "affiliate",
        template: [
            """
            CREATE TABLE farelens_link_impressions (
                id {uuid} PRIMARY KEY,
                user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                deal_id TEXT NOT NULL,
                placement TEXT NOT NULL,
                variant TEXT NOT NULL,
                created_at {ts} NOT NULL
            )
            """,
            """
            CREATE TABLE farelens_affiliate_clicks (
                id {uuid} PRIMARY KEY,
                user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                deal_id TEXT NOT NULL,
                placement TEXT NOT NULL,
                provider TEXT NOT NULL,
                sub_id TEXT NOT NULL,
                variant TEXT NOT NULL,
                created_at {ts} NOT NULL
            )
            """,
            "CREATE INDEX farelens_affiliate_clicks_sub_id ON farelens_affiliate_clicks (sub_id, created_at)",
            """
            CREATE TABLE farelens_affiliate_conversions (
                id {uuid} PRIMARY KEY,
                notification_id TEXT NOT NULL UNIQUE,
                sub_id TEXT NOT NULL,
                click_id {uuid},
                placement TEXT,
                variant TEXT,
                time_to_book_seconds {double},
                commission_cents BIGINT,
                currency TEXT,
                received_at {ts} NOT NULL
            )
            """,
            """
            CREATE TABLE farelens_booking_surveys (
                user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                deal_id TEXT NOT NULL,
                completed {bool} NOT NULL,
                answered_at {ts} NOT NULL,
                PRIMARY KEY (user_id, deal_id)
            )
            """,
        ]
    )
}
