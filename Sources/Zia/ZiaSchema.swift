import Persistence

/// Zia's tables, written once for both dialects: each user's items (they go with the user).
public enum ZiaSchema {
    public static let migrations = MigrationSet(
        component: "zia",
        migrations: [
            Migration(
                version: 1, name: "items",
                template: [
                    """
                    CREATE TABLE zia_items (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        title TEXT NOT NULL,
                        notes TEXT,
                        created_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX zia_items_user ON zia_items (user_id, created_at)",
                ]
            )
        ]
    )
}
