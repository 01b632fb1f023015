import Persistence

/// VibeKeeper's tables (seed 003, 3.2), written once for both dialects: contacts with their aliases
/// and preferences (JSON text), and their occasions.
public enum VibeKeeperSchema {
    public static let migrations = MigrationSet(
        component: "vibekeeper",
        migrations: [
            Migration(
                version: 1, name: "contacts_occasions",
                template: [
                    """
                    CREATE TABLE contacts (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 1000),
                        relationship TEXT,
                        preferences TEXT NOT NULL DEFAULT '{}',
                        notes TEXT,
                        aliases TEXT NOT NULL DEFAULT '[]',
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX contacts_user ON contacts (user_id, name)",
                    """
                    CREATE TABLE occasions (
                        id {uuid} PRIMARY KEY,
                        contact_id {uuid} NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 1000),
                        occasion_date {date} NOT NULL,
                        recurring {bool} NOT NULL DEFAULT {true},
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX occasions_contact ON occasions (contact_id)",
                    "CREATE INDEX occasions_user ON occasions (user_id, occasion_date)",
                ]
            )
        ])
}
