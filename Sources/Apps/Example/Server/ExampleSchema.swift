import Persistence

/// Example's tables, written once for both dialects: each user's items (they go with the user).
public enum ExampleSchema {
    public static let migrations = MigrationSet(
        component: "example",
        migrations: [
            Migration(
                version: 1, name: "items",
                template: [
                    """
                    CREATE TABLE example_items (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        title TEXT NOT NULL,
                        notes TEXT,
                        created_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX example_items_user ON example_items (user_id, created_at)",
                ]
            )
        ]
    )
}
