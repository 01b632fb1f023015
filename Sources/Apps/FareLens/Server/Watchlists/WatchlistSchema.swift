import Persistence

/// The watchlists part's tables (FareLens migration 4): watchlists and preferred airports, each row
/// going with its user. `paused_reason` is null for an active watchlist, `tier` when a downgrade
/// paused it (an upgrade resumes it) and `user` when its owner did.
enum WatchlistSchema {
    static let migration = Migration(
        version: 4, name: "watchlists and preferences",
        template: [
            """
            CREATE TABLE farelens_watchlists (
                id {uuid} PRIMARY KEY,
                user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                origin TEXT NOT NULL,
                destination TEXT NOT NULL,
                departure_from TEXT,
                departure_to TEXT,
                max_price_cents BIGINT,
                currency TEXT NOT NULL,
                alerts_enabled {bool} NOT NULL,
                paused_reason TEXT CHECK (paused_reason IN ('tier', 'user')),
                created_at {ts} NOT NULL,
                updated_at {ts} NOT NULL
            )
            """,
            "CREATE INDEX farelens_watchlists_user ON farelens_watchlists (user_id, created_at, id)",
            "CREATE INDEX farelens_watchlists_route ON farelens_watchlists (origin, destination)",
            """
            CREATE TABLE farelens_preferences (
                user_id {uuid} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                preferred_airports TEXT NOT NULL,
                updated_at {ts} NOT NULL
            )
            """,
        ]
    )
}
