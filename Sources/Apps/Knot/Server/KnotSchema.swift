import Persistence

/// Knot's tables: the vault and its child tables with the CHECKs, UNIQUEs and cascades of its rules
/// (docs/knot.md, "The vault"), hints, recommendations, feedback and the notification
/// queue — written once for both dialects.
public enum KnotSchema {
    static let interests = KnotCatalog.sqlList(KnotCatalog.interestCategories)
    static let vibes = KnotCatalog.sqlList(Vibe.allCases.map(\.rawValue))
    static let loveLanguages = KnotCatalog.sqlList(LoveLanguage.allCases.map(\.rawValue))
    static let tiers = KnotCatalog.sqlList(OccasionType.allCases.map(\.rawValue))

    /// Text columns CHECK only that they are not empty: the API's validators are the one length
    /// rule, counting characters as people see them; see ``Migration/relaxingLengthChecks(version:name:table:columns:)``.
    ///
    /// Table definitions, with the dialect placeholders of ``Migration/init(version:name:template:postgresFirst:postgresLast:)``.
    static let tables = [
        """
        CREATE TABLE partner_vaults (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
            partner_name TEXT NOT NULL CHECK (length(partner_name) BETWEEN 1 AND 1000),
            relationship_tenure_months INTEGER CHECK (relationship_tenure_months >= 0),
            cohabitation_status TEXT CHECK (cohabitation_status IN ('living_together', 'separate', 'long_distance')),
            location_city TEXT,
            location_state TEXT,
            location_country TEXT NOT NULL DEFAULT 'US',
            created_at {ts} NOT NULL,
            updated_at {ts} NOT NULL
        )
        """,
        """
        CREATE TABLE partner_interests (
            id {uuid} PRIMARY KEY,
            vault_id {uuid} NOT NULL REFERENCES partner_vaults (id) ON DELETE CASCADE,
            interest_type TEXT NOT NULL CHECK (interest_type IN ('like', 'dislike')),
            interest_category TEXT NOT NULL CHECK (interest_category IN (\(interests))),
            created_at {ts} NOT NULL,
            UNIQUE (vault_id, interest_category)
        )
        """,
        "CREATE INDEX partner_interests_vault ON partner_interests (vault_id)",
        """
        CREATE TABLE partner_milestones (
            id {uuid} PRIMARY KEY,
            vault_id {uuid} NOT NULL REFERENCES partner_vaults (id) ON DELETE CASCADE,
            milestone_type TEXT NOT NULL CHECK (milestone_type IN ('birthday', 'anniversary', 'holiday', 'custom')),
            milestone_name TEXT NOT NULL CHECK (length(milestone_name) BETWEEN 1 AND 1000),
            milestone_date {date} NOT NULL,
            recurrence TEXT NOT NULL CHECK (recurrence IN ('yearly', 'one_time')),
            budget_tier TEXT NOT NULL CHECK (budget_tier IN (\(tiers))),
            created_at {ts} NOT NULL
        )
        """,
        "CREATE INDEX partner_milestones_vault ON partner_milestones (vault_id)",
        """
        CREATE TABLE partner_vibes (
            id {uuid} PRIMARY KEY,
            vault_id {uuid} NOT NULL REFERENCES partner_vaults (id) ON DELETE CASCADE,
            vibe_tag TEXT NOT NULL CHECK (vibe_tag IN (\(vibes))),
            created_at {ts} NOT NULL,
            UNIQUE (vault_id, vibe_tag)
        )
        """,
        "CREATE INDEX partner_vibes_vault ON partner_vibes (vault_id)",
        """
        CREATE TABLE partner_budgets (
            id {uuid} PRIMARY KEY,
            vault_id {uuid} NOT NULL REFERENCES partner_vaults (id) ON DELETE CASCADE,
            occasion_type TEXT NOT NULL CHECK (occasion_type IN (\(tiers))),
            min_amount INTEGER NOT NULL CHECK (min_amount >= 0),
            max_amount INTEGER NOT NULL,
            currency TEXT NOT NULL DEFAULT 'USD' CHECK (length(currency) = 3),
            created_at {ts} NOT NULL,
            CHECK (max_amount >= min_amount),
            UNIQUE (vault_id, occasion_type)
        )
        """,
        "CREATE INDEX partner_budgets_vault ON partner_budgets (vault_id)",
        """
        CREATE TABLE partner_love_languages (
            id {uuid} PRIMARY KEY,
            vault_id {uuid} NOT NULL REFERENCES partner_vaults (id) ON DELETE CASCADE,
            language TEXT NOT NULL CHECK (language IN (\(loveLanguages))),
            priority INTEGER NOT NULL CHECK (priority IN (1, 2)),
            created_at {ts} NOT NULL,
            UNIQUE (vault_id, priority),
            UNIQUE (vault_id, language)
        )
        """,
        "CREATE INDEX partner_love_languages_vault ON partner_love_languages (vault_id)",
        """
        CREATE TABLE hints (
            id {uuid} PRIMARY KEY,
            vault_id {uuid} NOT NULL REFERENCES partner_vaults (id) ON DELETE CASCADE,
            hint_text TEXT NOT NULL CHECK (length(hint_text) BETWEEN 1 AND 5000),
            source TEXT NOT NULL CHECK (source IN ('text_input', 'voice_transcription')),
            is_used {bool} NOT NULL DEFAULT {false},
            created_at {ts} NOT NULL
        )
        """,
        "CREATE INDEX hints_vault_created ON hints (vault_id, created_at DESC, id DESC)",
        """
        CREATE TABLE recommendations (
            id {uuid} PRIMARY KEY,
            vault_id {uuid} NOT NULL REFERENCES partner_vaults (id) ON DELETE CASCADE,
            milestone_id {uuid} REFERENCES partner_milestones (id) ON DELETE SET NULL,
            recommendation_type TEXT NOT NULL CHECK (recommendation_type IN ('gift', 'experience', 'date')),
            title TEXT NOT NULL,
            description TEXT,
            external_url TEXT,
            price_cents INTEGER CHECK (price_cents >= 0),
            currency TEXT NOT NULL DEFAULT 'USD',
            merchant_name TEXT,
            image_url TEXT,
            created_at {ts} NOT NULL
        )
        """,
        "CREATE INDEX recommendations_vault ON recommendations (vault_id)",
        "CREATE INDEX recommendations_milestone ON recommendations (milestone_id)",
        """
        CREATE TABLE recommendation_feedback (
            id {uuid} PRIMARY KEY,
            recommendation_id {uuid} NOT NULL REFERENCES recommendations (id) ON DELETE CASCADE,
            user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            action TEXT NOT NULL CHECK (action IN ('selected', 'refreshed', 'saved', 'shared', 'rated', 'handoff', 'purchased')),
            rating INTEGER CHECK (rating BETWEEN 1 AND 5),
            feedback_text TEXT,
            created_at {ts} NOT NULL
        )
        """,
        "CREATE INDEX recommendation_feedback_recommendation ON recommendation_feedback (recommendation_id)",
        "CREATE INDEX recommendation_feedback_user ON recommendation_feedback (user_id)",
        """
        CREATE TABLE notification_queue (
            id {uuid} PRIMARY KEY,
            user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            milestone_id {uuid} NOT NULL REFERENCES partner_milestones (id) ON DELETE CASCADE,
            scheduled_for {ts} NOT NULL,
            days_before INTEGER NOT NULL CHECK (days_before IN (14, 7, 3)),
            status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
            sent_at {ts},
            viewed_at {ts},
            created_at {ts} NOT NULL
        )
        """,
        "CREATE INDEX notification_queue_pending ON notification_queue (status, scheduled_for) WHERE status = 'pending'",
        "CREATE INDEX notification_queue_user ON notification_queue (user_id)",
    ]

    public static let migrations = MigrationSet(
        component: "knot",
        migrations: [
            Migration(
                version: 1, name: "vault_hints_recommendations_notifications",
                template: tables
            ),
            Migration(
                version: 2, name: "recommendation_scores_and_provenance",
                template: [
                    "ALTER TABLE recommendations ADD COLUMN occasion_type TEXT",
                    "ALTER TABLE recommendations ADD COLUMN source TEXT",
                    "ALTER TABLE recommendations ADD COLUMN candidate_key TEXT",
                    "ALTER TABLE recommendations ADD COLUMN matched_interest TEXT",
                    "ALTER TABLE recommendations ADD COLUMN matched_vibe TEXT",
                    "ALTER TABLE recommendations ADD COLUMN interest_score {double} NOT NULL DEFAULT 0",
                    "ALTER TABLE recommendations ADD COLUMN vibe_score {double} NOT NULL DEFAULT 0",
                    "ALTER TABLE recommendations ADD COLUMN love_language_score {double} NOT NULL DEFAULT 0",
                    "ALTER TABLE recommendations ADD COLUMN final_score {double} NOT NULL DEFAULT 0",
                    "ALTER TABLE recommendations ADD COLUMN informed_by_hints TEXT NOT NULL DEFAULT '[]'",
                    "ALTER TABLE recommendation_feedback ADD COLUMN rejection_reason TEXT",
                    "CREATE INDEX recommendations_vault_created ON recommendations (vault_id, created_at)",
                ]
            ),
            Migration(
                version: 3, name: "learned_preference_weights",
                template: [
                    """
                    CREATE TABLE user_preferences_weights (
                        user_id {uuid} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                        interests TEXT NOT NULL DEFAULT '{}',
                        vibes TEXT NOT NULL DEFAULT '{}',
                        love_languages TEXT NOT NULL DEFAULT '{}',
                        types TEXT NOT NULL DEFAULT '{}',
                        feedback_count INTEGER NOT NULL DEFAULT 0,
                        updated_at {ts} NOT NULL
                    )
                    """
                ]
            ),
            // Reminders become durable jobs: each row is one reminder for one occurrence of a milestone
            // (unique), keeps the milestone's name and type so history survives the milestone's deletion
            // ("Deleted Milestone" only for rows from before this version), and records why it failed.
            Migration(
                version: 4, name: "notification_reminders",
                template: [
                    """
                    CREATE TABLE notification_reminders (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        milestone_id {uuid} REFERENCES partner_milestones (id) ON DELETE SET NULL,
                        milestone_name TEXT,
                        milestone_type TEXT,
                        occurrence_date TEXT NOT NULL,
                        reminder_key TEXT,
                        scheduled_for {ts} NOT NULL,
                        days_before INTEGER NOT NULL CHECK (days_before IN (14, 7, 3)),
                        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'sent', 'failed', 'cancelled')),
                        claimed_at {ts},
                        error TEXT,
                        recommendations_generated INTEGER NOT NULL DEFAULT 0,
                        sent_at {ts},
                        viewed_at {ts},
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL
                    )
                    """,
                    """
                    INSERT INTO notification_reminders (id, user_id, milestone_id, occurrence_date, scheduled_for, days_before, status, sent_at, viewed_at, created_at, updated_at)
                    SELECT id, user_id, milestone_id, '0000-00-00', scheduled_for, days_before, status, sent_at, viewed_at, created_at, created_at FROM notification_queue
                    """,
                    "DROP TABLE notification_queue",
                    "ALTER TABLE notification_reminders RENAME TO notification_queue",
                    "CREATE UNIQUE INDEX notification_queue_occurrence ON notification_queue (milestone_id, days_before, occurrence_date)",
                    "CREATE INDEX notification_queue_user_status ON notification_queue (user_id, status, scheduled_for)",
                ]
            ),
            // Issue 12: recommendations keep their product category and location; milestones choose
            // whether they trigger reminders; a reminder goes with its milestone (docs/knot.md,
            // "API": deleted with it), so the queue is rebuilt with ON DELETE CASCADE (under
            // a new name first: PostgreSQL keeps the previous table's constraint names).
            Migration(
                version: 5, name: "categories_locations_milestone_reminders",
                template: [
                    "ALTER TABLE recommendations ADD COLUMN product_category TEXT",
                    "ALTER TABLE recommendations ADD COLUMN location_city TEXT",
                    "ALTER TABLE recommendations ADD COLUMN location_state TEXT",
                    "ALTER TABLE recommendations ADD COLUMN location_country TEXT",
                    "ALTER TABLE partner_milestones ADD COLUMN notifications_enabled {bool} NOT NULL DEFAULT {true}",
                    """
                    CREATE TABLE notification_queue_v5 (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        milestone_id {uuid} REFERENCES partner_milestones (id) ON DELETE CASCADE,
                        milestone_name TEXT,
                        milestone_type TEXT,
                        occurrence_date TEXT NOT NULL,
                        reminder_key TEXT,
                        scheduled_for {ts} NOT NULL,
                        days_before INTEGER NOT NULL CHECK (days_before IN (14, 7, 3)),
                        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'sent', 'failed', 'cancelled')),
                        claimed_at {ts},
                        error TEXT,
                        recommendations_generated INTEGER NOT NULL DEFAULT 0,
                        sent_at {ts},
                        viewed_at {ts},
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL
                    )
                    """,
                    """
                    INSERT INTO notification_queue_v5 (id, user_id, milestone_id, milestone_name, milestone_type, occurrence_date, reminder_key, scheduled_for, days_before,
                        status, claimed_at, error, recommendations_generated, sent_at, viewed_at, created_at, updated_at)
                    SELECT id, user_id, milestone_id, milestone_name, milestone_type, occurrence_date, reminder_key, scheduled_for, days_before,
                        status, claimed_at, error, recommendations_generated, sent_at, viewed_at, created_at, updated_at
                    FROM notification_queue WHERE milestone_id IS NOT NULL
                    """,
                    "DROP TABLE notification_queue",
                    "ALTER TABLE notification_queue_v5 RENAME TO notification_queue",
                    "CREATE UNIQUE INDEX notification_queue_occurrence ON notification_queue (milestone_id, days_before, occurrence_date)",
                    "CREATE INDEX notification_queue_user_status ON notification_queue (user_id, status, scheduled_for)",
                ]
            ),
            // Issue 30: text is bounded by the API's one length rule (characters as people see them);
            // the code-point bounds above could be reached by valid text and failed the insert.
            .relaxingLengthChecks(version: 6, name: "partner_name_length", table: "partner_vaults", columns: [("partner_name", 1000)]),
            .relaxingLengthChecks(version: 7, name: "milestone_name_length", table: "partner_milestones", columns: [("milestone_name", 1000)]),
            .relaxingLengthChecks(version: 8, name: "hint_text_length", table: "hints", columns: [("hint_text", 5000)]),
        ])
}
