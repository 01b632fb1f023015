import Persistence

/// __App__'s tables, written once for both dialects: each user's items (they go with the user).
public enum __App__Schema {
    public static let migrations = MigrationSet(
        component: "__app__",
        migrations: [
            Migration(
                version: 1, name: "items",
                template: [
                    """
                    CREATE TABLE __app___items (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        title TEXT NOT NULL,
                        notes TEXT,
                        created_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX __app___items_user ON __app___items (user_id, created_at)",
                ]
            )
        ]
    )
}
