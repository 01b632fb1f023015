import Persistence

/// FareLens's tables, written once for both dialects. Every row goes with its user.
public enum FareLensSchema {
    public static let migrations = MigrationSet(
        component: "farelens",
        migrations: [
            Migration(
                version: 1, name: "accounts",
                template: [
                    """
                    CREATE TABLE farelens_accounts (
                        user_id {uuid} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                        tier TEXT NOT NULL CHECK (tier IN ('free', 'pro')),
                        trial_ends_at {ts},
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL
                    )
                    """
                ]
            ),
            pricesMigration,
            WatchlistSchema.migration,
            DealsSchema.migration,
            FlightSearchSchema.migration,
            PointsSchema.migration,
            AffiliateSchema.migration,
            SubscriptionSchema.migration,
            WatchlistCheckSchema.migration,
            AlertsSchema.migration,
            AlertsQuietHoursMigration.migration,
            FlightSearchClaimSchema.migration,
        ]
    )
}
