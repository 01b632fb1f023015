import Persistence

/// Zia's tables, written once for both dialects; every row goes with its user (ON DELETE CASCADE).
/// `zia_users`: what Zia keeps about an account beyond the platform's row (the time zone stays in
/// the platform's notification preferences). `zia_households`: the normalised household profile
/// as JSON text (the seed's `prefs`), read and written whole.
public enum ZiaSchema {
    public static let migrations = MigrationSet(
        component: "zia",
        migrations: [
            Migration(
                version: 1, name: "users and households",
                template: [
                    """
                    CREATE TABLE zia_users (
                        user_id {uuid} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                        display_name TEXT,
                        beta_cohort TEXT,
                        personalization_consent {bool} NOT NULL DEFAULT {false},
                        updated_at {ts} NOT NULL
                    )
                    """,
                    """
                    CREATE TABLE zia_households (
                        user_id {uuid} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                        profile TEXT NOT NULL,
                        updated_at {ts} NOT NULL
                    )
                    """,
                ]
            )
        ]
    )
}
