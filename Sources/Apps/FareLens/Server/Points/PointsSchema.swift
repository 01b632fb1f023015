import Persistence

/// The points and telemetry part's tables (FareLens migration 10): the users' loyalty programs, each
/// row going with its user, and interaction telemetry, whose rows carry an install's anonymous id
/// and no user at all.
enum PointsSchema {
    static let migration = Migration(
        version: 10, name: "points vault and telemetry",
        template: [
            """
            CREATE TABLE farelens_points_programs (
                id {uuid} PRIMARY KEY,
                user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('airline', 'hotel', 'card')),
                name TEXT NOT NULL,
                catalog_id TEXT,
                balance BIGINT NOT NULL CHECK (balance >= 0),
                status TEXT,
                created_at {ts} NOT NULL,
                updated_at {ts} NOT NULL
            )
            """,
            "CREATE INDEX farelens_points_programs_user ON farelens_points_programs (user_id, created_at, id)",
            """
            CREATE TABLE farelens_events (
                id {uuid} PRIMARY KEY,
                install_id {uuid} NOT NULL,
                name TEXT NOT NULL,
                properties TEXT NOT NULL,
                received_at {ts} NOT NULL
            )
            """,
            "CREATE INDEX farelens_events_install ON farelens_events (install_id, received_at)",
            "CREATE INDEX farelens_events_received ON farelens_events (received_at)",
        ]
    )
}
