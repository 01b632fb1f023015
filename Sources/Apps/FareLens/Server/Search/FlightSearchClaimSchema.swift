import Persistence

/// The search claims' table (FareLens migration 12, both databases): one row per query an instance
/// is fetching from the providers (``FlightSearchClaims``).
public enum FlightSearchClaimSchema {
    public static let migration = Migration(
        version: 12, name: "search claims across instances",
        template: [
            """
            CREATE TABLE farelens_search_flights (
                flight_key TEXT PRIMARY KEY,
                owner TEXT NOT NULL,
                expires_at {ts} NOT NULL
            )
            """
        ]
    )
}
