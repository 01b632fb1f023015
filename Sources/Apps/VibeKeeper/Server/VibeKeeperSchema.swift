import Persistence

/// VibeKeeper's tables (the entities of docs/vibekeeper.md, "API"), written once for both dialects: contacts with their aliases
/// and preferences (JSON text), their occasions, gift ideas (tags as JSON text; `occasion_key`
/// and `search_text` folded in Swift so filters match the same way on both databases), reminders and the media assets
/// of captures (their bytes live in the platform's media store under `storage_key`).
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
            ),
            Migration(
                version: 2, name: "gift_ideas",
                template: [
                    """
                    CREATE TABLE gift_ideas (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        recipient_id {uuid} REFERENCES contacts (id) ON DELETE SET NULL,
                        idea TEXT NOT NULL CHECK (length(idea) BETWEEN 1 AND 5000),
                        occasion TEXT,
                        occasion_key TEXT,
                        idea_date {date},
                        tags TEXT NOT NULL DEFAULT '[]',
                        budget_amount {double} CHECK (budget_amount >= 0),
                        budget_currency TEXT NOT NULL DEFAULT 'USD' CHECK (length(budget_currency) = 3),
                        budget_range_min {double} CHECK (budget_range_min >= 0),
                        budget_range_max {double} CHECK (budget_range_max >= 0),
                        status TEXT NOT NULL DEFAULT 'idea' CHECK (status IN ('idea', 'purchased', 'given')),
                        notes TEXT,
                        needs_review {bool} NOT NULL DEFAULT {false},
                        confidence {double},
                        search_text TEXT NOT NULL DEFAULT '',
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL,
                        CHECK (budget_range_min IS NULL OR budget_range_max IS NULL OR budget_range_min <= budget_range_max)
                    )
                    """,
                    "CREATE INDEX gift_ideas_user_created ON gift_ideas (user_id, needs_review, created_at)",
                    "CREATE INDEX gift_ideas_recipient ON gift_ideas (recipient_id)",
                ]
            ),
            Migration(
                version: 3, name: "reminders_preferences",
                template: [
                    """
                    CREATE TABLE reminders (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        gift_idea_id {uuid} REFERENCES gift_ideas (id) ON DELETE CASCADE,
                        occasion_id {uuid} REFERENCES occasions (id) ON DELETE CASCADE,
                        scheduled_for {ts} NOT NULL,
                        message TEXT NOT NULL,
                        title TEXT NOT NULL,
                        channel TEXT NOT NULL DEFAULT 'push' CHECK (channel IN ('push')),
                        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'cancelled', 'failed')),
                        automatic {bool} NOT NULL DEFAULT {false},
                        error TEXT,
                        sent_at {ts},
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX reminders_user ON reminders (user_id, scheduled_for)",
                    "CREATE INDEX reminders_idea ON reminders (gift_idea_id)",
                    "CREATE INDEX reminders_occasion ON reminders (occasion_id)",
                    """
                    CREATE TABLE vibekeeper_preferences (
                        user_id {uuid} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                        notification_lead_time INTEGER NOT NULL CHECK (notification_lead_time BETWEEN 0 AND 365),
                        updated_at {ts} NOT NULL
                    )
                    """,
                ]
            ),
            Migration(
                version: 4, name: "media_assets",
                template: [
                    """
                    CREATE TABLE media_assets (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        gift_idea_id {uuid} NOT NULL REFERENCES gift_ideas (id) ON DELETE CASCADE,
                        kind TEXT NOT NULL CHECK (kind IN ('image', 'audio')),
                        content_type TEXT NOT NULL,
                        byte_count INTEGER NOT NULL CHECK (byte_count > 0),
                        storage_key TEXT NOT NULL UNIQUE,
                        created_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX media_assets_idea ON media_assets (gift_idea_id)",
                    "CREATE INDEX media_assets_user ON media_assets (user_id)",
                ]
            ),
            // Issue 30: text is bounded by the API's one length rule (characters as people see them);
            // the code-point bounds above could be reached by valid text and failed the insert.
            .relaxingLengthChecks(version: 5, name: "contact_name_length", table: "contacts", columns: [("name", 1000)]),
            .relaxingLengthChecks(version: 6, name: "occasion_name_length", table: "occasions", columns: [("name", 1000)]),
            .relaxingLengthChecks(version: 7, name: "gift_idea_length", table: "gift_ideas", columns: [("idea", 5000)]),
        ])
}
