import Persistence

/// The search part's tables (migration 2): the search cache every server instance shares, and the
/// live providers' quota counters.
public enum FlightSearchSchema {
    public static let migration = Migration(
        version: 2, name: "search cache and provider quotas",
        template: [
            """
            CREATE TABLE farelens_search_cache (
                query_key TEXT PRIMARY KEY,
                response TEXT NOT NULL,
                source TEXT NOT NULL,
                cached_at {ts} NOT NULL,
                expires_at {ts} NOT NULL
            )
            """,
            "CREATE INDEX farelens_search_cache_cached_at ON farelens_search_cache (cached_at)",
            """
            CREATE TABLE farelens_quota_usage (
                provider TEXT NOT NULL,
                period TEXT NOT NULL,
                used INTEGER NOT NULL,
                warned INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (provider, period)
            )
            """,
        ]
    )
}
