import Persistence

/// FareLens's tables, written once for both dialects: each user's items (they go with the user).
public enum FareLensSchema {
    public static let migrations = MigrationSet(
        component: "farelens",
        migrations: [
            Migration(
                version: 1, name: "items",
                template: [
                    """
                    CREATE TABLE farelens_items (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        title TEXT NOT NULL,
                        notes TEXT,
                        created_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX farelens_items_user ON farelens_items (user_id, created_at)",
                ]
            )
        ]
    )
}
