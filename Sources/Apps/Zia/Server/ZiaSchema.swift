import Persistence

/// Zia's tables, written once for both dialects; every row goes with its user (ON DELETE CASCADE).
/// `zia_users`: what Zia keeps about an account beyond the platform's row (the time zone stays in
/// the platform's notification preferences). `zia_households`: the normalised household profile
/// as JSON text (docs/zia.md, "Household profile"), read and written whole. Version 2, the assistant's:
/// `zia_conversations` and their `zia_messages` (ordered by `position`), `zia_agent_runs` (one per
/// assist request: intent, the stages run as `graph`, the final `state`, outcome, usage and cost; the
/// monthly quota counts the runs with `counts_toward_quota`), `zia_feedback` on a run, and
/// `zia_memories` (a user's preference and fact memories by domain-scoped key; their vectors are in
/// the platform's `vector_entries`, collection `zia.memory`). Version 3: the pantry, saved artifacts
/// (meal plans, routines, chore plans: their payload as JSON text), grocery shopping sessions and their
/// items, routine runs (`local_day`: the user's calendar day the run completed on, for streaks) and
/// each user's reminder settings by category (`days`: the weekdays, Monday first, as seven 0/1 digits).
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
            ),
            Migration(
                version: 2, name: "assistant: conversations, runs, feedback, memories",
                template: [
                    """
                    CREATE TABLE zia_conversations (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        title TEXT NOT NULL,
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX zia_conversations_user ON zia_conversations (user_id, updated_at)",
                    """
                    CREATE TABLE zia_messages (
                        id {uuid} PRIMARY KEY,
                        conversation_id {uuid} NOT NULL REFERENCES zia_conversations (id) ON DELETE CASCADE,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        role TEXT NOT NULL,
                        content TEXT NOT NULL,
                        run_id {uuid},
                        created_at {ts} NOT NULL,
                        UNIQUE (conversation_id, position)
                    )
                    """,
                    """
                    CREATE TABLE zia_agent_runs (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        conversation_id {uuid},
                        intent TEXT NOT NULL,
                        graph TEXT NOT NULL,
                        state TEXT NOT NULL,
                        outcome TEXT NOT NULL,
                        counts_toward_quota {bool} NOT NULL,
                        input_tokens INTEGER NOT NULL,
                        output_tokens INTEGER NOT NULL,
                        cost_usd {double} NOT NULL,
                        duration_ms INTEGER NOT NULL,
                        created_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX zia_agent_runs_user ON zia_agent_runs (user_id, created_at)",
                    """
                    CREATE TABLE zia_feedback (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        run_id {uuid} NOT NULL REFERENCES zia_agent_runs (id) ON DELETE CASCADE,
                        signal TEXT NOT NULL,
                        comment TEXT,
                        payload TEXT,
                        created_at {ts} NOT NULL
                    )
                    """,
                    """
                    CREATE TABLE zia_memories (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        key TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        value TEXT NOT NULL,
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL,
                        UNIQUE (user_id, key)
                    )
                    """,
                ]
            ),
            Migration(
                version: 3, name: "pantry, shopping, routine runs, artifacts, reminders",
                template: [
                    """
                    CREATE TABLE zia_pantry_items (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        normalized_name TEXT NOT NULL,
                        quantity {double},
                        unit TEXT,
                        aisle TEXT NOT NULL,
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX zia_pantry_items_user ON zia_pantry_items (user_id, normalized_name)",
                    """
                    CREATE TABLE zia_artifacts (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        artifact_type TEXT NOT NULL,
                        title TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        created_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX zia_artifacts_user ON zia_artifacts (user_id, created_at)",
                    """
                    CREATE TABLE zia_grocery_sessions (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        artifact_id {uuid},
                        status TEXT NOT NULL,
                        auto_add_to_pantry {bool} NOT NULL,
                        started_at {ts} NOT NULL,
                        ended_at {ts}
                    )
                    """,
                    "CREATE INDEX zia_grocery_sessions_user ON zia_grocery_sessions (user_id, status)",
                    """
                    CREATE TABLE zia_grocery_session_items (
                        id {uuid} PRIMARY KEY,
                        session_id {uuid} NOT NULL REFERENCES zia_grocery_sessions (id) ON DELETE CASCADE,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        quantity {double},
                        unit TEXT,
                        aisle TEXT NOT NULL,
                        checked {bool} NOT NULL DEFAULT {false},
                        skipped {bool} NOT NULL DEFAULT {false},
                        checked_at {ts}
                    )
                    """,
                    """
                    CREATE TABLE zia_routine_runs (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        artifact_id {uuid},
                        status TEXT NOT NULL,
                        steps_total INTEGER NOT NULL,
                        steps_completed INTEGER NOT NULL,
                        started_at {ts} NOT NULL,
                        ended_at {ts},
                        local_day {date}
                    )
                    """,
                    "CREATE INDEX zia_routine_runs_user ON zia_routine_runs (user_id, status)",
                    """
                    CREATE TABLE zia_reminder_settings (
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        category TEXT NOT NULL,
                        enabled {bool} NOT NULL,
                        hour INTEGER NOT NULL,
                        minute INTEGER NOT NULL,
                        days TEXT NOT NULL,
                        updated_at {ts} NOT NULL,
                        PRIMARY KEY (user_id, category)
                    )
                    """,
                ]
            ),
        ]
    )
}
