import Persistence

extension FareLensSchema {
    /// Version 3 (prices): every observed fare (`farelens_price_observations`, no user: prices are
    /// the route's, not anyone's) and the searches per route and day (`farelens_route_searches`).
    /// Observations are read by route and departure date (charts) and by route and time observed
    /// (DealScore's history), and swept by time observed.
    public static let pricesMigration = Migration(
        version: 3, name: "price history and route searches",
        template: [
            """
            CREATE TABLE farelens_price_observations (
                origin TEXT NOT NULL CHECK (length(origin) = 3),
                destination TEXT NOT NULL CHECK (length(destination) = 3),
                departure_date {date} NOT NULL,
                return_date {date},
                cabin TEXT NOT NULL CHECK (cabin IN ('ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST')),
                price_cents BIGINT NOT NULL CHECK (price_cents > 0),
                currency TEXT NOT NULL CHECK (length(currency) = 3),
                airline TEXT NOT NULL,
                source TEXT NOT NULL,
                observed_at {ts} NOT NULL
            )
            """,
            "CREATE INDEX farelens_price_observations_route_date ON farelens_price_observations (origin, destination, departure_date)",
            "CREATE INDEX farelens_price_observations_route_observed ON farelens_price_observations (origin, destination, observed_at)",
            "CREATE INDEX farelens_price_observations_observed ON farelens_price_observations (observed_at)",
            """
            CREATE TABLE farelens_route_searches (
                origin TEXT NOT NULL,
                destination TEXT NOT NULL,
                day {date} NOT NULL,
                searches INTEGER NOT NULL CHECK (searches > 0),
                PRIMARY KEY (origin, destination, day)
            )
            """,
        ]
    )
}
