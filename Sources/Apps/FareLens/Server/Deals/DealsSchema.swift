import Persistence

/// The deals part's tables (migration 5): the listed deals everyone's feed ranks, one per route,
/// dates, cabin and airline (`deal_key`), and each user's saved deals with the snapshot taken when
/// saved (no reference to the deal, which expires and is purged; the user's rows cascade).
public enum DealsSchema {
    public static let migration = Migration(
        version: 5, name: "deals",
        template: [
            """
            CREATE TABLE farelens_deals (
                id {uuid} PRIMARY KEY,
                deal_key TEXT NOT NULL UNIQUE,
                origin TEXT NOT NULL,
                destination TEXT NOT NULL,
                departure_date TEXT NOT NULL,
                return_date TEXT,
                cabin TEXT NOT NULL,
                airline TEXT NOT NULL,
                price_cents BIGINT NOT NULL,
                currency TEXT NOT NULL,
                deal_score INTEGER NOT NULL,
                deal_tier TEXT NOT NULL,
                percentile {double},
                confidence {double} NOT NULL,
                explanation TEXT NOT NULL,
                provider TEXT NOT NULL,
                offer TEXT,
                created_at {ts} NOT NULL,
                expires_at {ts} NOT NULL
            )
            """,
            "CREATE INDEX farelens_deals_listed ON farelens_deals (expires_at, deal_score)",
            "CREATE INDEX farelens_deals_route ON farelens_deals (origin, destination, departure_date)",
            """
            CREATE TABLE farelens_saved_deals (
                id {uuid} PRIMARY KEY,
                user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                deal_id {uuid} NOT NULL,
                snapshot TEXT NOT NULL,
                created_at {ts} NOT NULL,
                UNIQUE (user_id, deal_id)
            )
            """,
            "CREATE INDEX farelens_saved_deals_user ON farelens_saved_deals (user_id, created_at)",
        ]
    )
}
