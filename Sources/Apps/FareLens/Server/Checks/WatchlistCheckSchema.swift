import Persistence

/// The checks part's tables (FareLens migration 6): each watchlist's last check (what a check
/// within 30 minutes answers, and the previous price of the next one) and the scheduled runs each
/// user had, one per local date and slot, so a retried or doubled run checks nobody twice.
enum WatchlistCheckSchema {
    static let migration = Migration(
        version: 6, name: "watchlist checks",
        template: [
            """
            CREATE TABLE farelens_watchlist_checks (
                watchlist_id {uuid} PRIMARY KEY REFERENCES farelens_watchlists (id) ON DELETE CASCADE,
                user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                latest_price_cents BIGINT,
                previous_price_cents BIGINT,
                currency TEXT NOT NULL,
                matching_deals TEXT NOT NULL,
                checked_at {ts} NOT NULL
            )
            """,
            "CREATE INDEX farelens_watchlist_checks_user ON farelens_watchlist_checks (user_id)",
            """
            CREATE TABLE farelens_watchlist_check_runs (
                user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                local_date TEXT NOT NULL,
                slot TEXT NOT NULL,
                ran_at {ts} NOT NULL,
                PRIMARY KEY (user_id, local_date, slot)
            )
            """,
            "CREATE INDEX farelens_watchlist_check_runs_ran ON farelens_watchlist_check_runs (ran_at)",
        ]
    )
}
