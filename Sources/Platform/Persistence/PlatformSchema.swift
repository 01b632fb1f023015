/// The platform's tables, shared by every app: accounts (one per app), sign-in identities, sessions
/// and rotating refresh tokens, device tokens, notification preferences, and stored vectors.
public enum PlatformSchema {
    // A lower-case path segment; which apps exist is the composition root's business. Databases created
    // before this rule keep the older check, which listed the four app names.
    static let appCheck = "app <> '' AND length(app) <= 32 AND app = lower(app)"

    public static let migrations = MigrationSet(
        component: "platform",
        migrations: [
            Migration(
                version: 1, name: "accounts_sessions_devices_vectors",
                template: [
                    """
                    CREATE TABLE users (
                        id {uuid} PRIMARY KEY,
                        app TEXT NOT NULL CHECK (\(appCheck)),
                        email TEXT,
                        notifications_enabled {bool} NOT NULL DEFAULT {true},
                        quiet_hours_start INTEGER NOT NULL DEFAULT 22 CHECK (quiet_hours_start BETWEEN 0 AND 23),
                        quiet_hours_end INTEGER NOT NULL DEFAULT 8 CHECK (quiet_hours_end BETWEEN 0 AND 23),
                        timezone TEXT,
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX users_app_email ON users (app, email)",
                    """
                    CREATE TABLE user_identities (
                        app TEXT NOT NULL CHECK (\(appCheck)),
                        provider TEXT NOT NULL CHECK (provider IN ('apple', 'google', 'dev')),
                        subject TEXT NOT NULL,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        email TEXT,
                        created_at {ts} NOT NULL,
                        PRIMARY KEY (app, provider, subject)
                    )
                    """,
                    "CREATE INDEX user_identities_user ON user_identities (user_id)",
                    """
                    CREATE TABLE auth_sessions (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        app TEXT NOT NULL CHECK (\(appCheck)),
                        created_at {ts} NOT NULL,
                        revoked_at {ts},
                        revoked_reason TEXT
                    )
                    """,
                    "CREATE INDEX auth_sessions_user ON auth_sessions (user_id)",
                    """
                    CREATE TABLE refresh_tokens (
                        token_hash TEXT PRIMARY KEY,
                        session_id {uuid} NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        created_at {ts} NOT NULL,
                        expires_at {ts} NOT NULL,
                        used_at {ts}
                    )
                    """,
                    "CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id)",
                    """
                    CREATE TABLE device_tokens (
                        id {uuid} PRIMARY KEY,
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        app TEXT NOT NULL CHECK (\(appCheck)),
                        token TEXT NOT NULL,
                        platform TEXT NOT NULL CHECK (platform IN ('ios', 'android')),
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL,
                        UNIQUE (app, token)
                    )
                    """,
                    "CREATE INDEX device_tokens_user ON device_tokens (user_id)",
                    """
                    CREATE TABLE vector_entries (
                        collection TEXT NOT NULL,
                        item_id {uuid} NOT NULL,
                        owner_id {uuid} REFERENCES users (id) ON DELETE CASCADE,
                        model TEXT NOT NULL,
                        dims INTEGER NOT NULL CHECK (dims > 0),
                        embedding {vector} NOT NULL,
                        PRIMARY KEY (collection, item_id)
                    )
                    """,
                    "CREATE INDEX vector_entries_owner ON vector_entries (collection, owner_id, model)",
                ],
                postgresFirst: ["CREATE EXTENSION IF NOT EXISTS vector"],
                // HNSW (cosine) per vector width; searches use the same `embedding::vector(N)` expression.
                postgresLast: [
                    "CREATE INDEX vector_entries_hnsw_384 ON vector_entries USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE dims = 384",
                    "CREATE INDEX vector_entries_hnsw_768 ON vector_entries USING hnsw ((embedding::vector(768)) vector_cosine_ops) WHERE dims = 768",
                ]
            ),
            Migration(
                version: 2, name: "run_metrics",
                template: [
                    """
                    CREATE TABLE run_metrics (
                        id {uuid} PRIMARY KEY,
                        app TEXT,
                        purpose TEXT NOT NULL,
                        provider TEXT NOT NULL,
                        model TEXT NOT NULL,
                        input_tokens INTEGER NOT NULL CHECK (input_tokens >= 0),
                        output_tokens INTEGER NOT NULL CHECK (output_tokens >= 0),
                        cost_usd {double} NOT NULL CHECK (cost_usd >= 0),
                        latency_ms INTEGER NOT NULL,
                        outcome TEXT NOT NULL,
                        day TEXT NOT NULL,
                        created_at {ts} NOT NULL
                    )
                    """,
                    "CREATE INDEX run_metrics_app_day ON run_metrics (app, day)",
                ]
            ),
            Migration(
                version: 3, name: "lock_screen_privacy",
                template: ["ALTER TABLE users ADD COLUMN hide_notification_details {bool} NOT NULL DEFAULT {false}"]
            ),
            // Databases created before apps became modules check `app` against four fixed names. On
            // PostgreSQL the check is replaced by the open one (any lower-case name). SQLite cannot alter
            // a CHECK without rebuilding the table; an older SQLite file keeps the four names until it is
            // created anew (development data), which is every app this project plans.
            Migration(
                version: 4, name: "open_app_check", sqlite: [],
                postgres: ["users", "user_identities", "auth_sessions", "device_tokens"].flatMap { table in
                    [
                        "ALTER TABLE \(table) DROP CONSTRAINT IF EXISTS \(table)_app_check",
                        "ALTER TABLE \(table) ADD CONSTRAINT \(table)_app_check CHECK (\(appCheck))",
                    ]
                }
            ),
            // Email + password accounts for apps that opt in (`AppModule.passwordAccounts`): one
            // credential per user, its email unique per app once lower-cased (`email_key`), the scrypt
            // output and salt (base64) with the cost it was made with, so the cost can rise. The
            // account's display name goes on `users`, where every sign-in's account lives.
            Migration(
                version: 5, name: "password_credentials",
                template: [
                    "ALTER TABLE users ADD COLUMN name TEXT",
                    """
                    CREATE TABLE password_credentials (
                        user_id {uuid} PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                        app TEXT NOT NULL CHECK (\(appCheck)),
                        email_key TEXT NOT NULL CHECK (email_key <> ''),
                        kdf TEXT NOT NULL CHECK (kdf IN ('scrypt')),
                        hash TEXT NOT NULL,
                        salt TEXT NOT NULL,
                        cost_n INTEGER NOT NULL CHECK (cost_n > 1),
                        cost_r INTEGER NOT NULL CHECK (cost_r > 0),
                        cost_p INTEGER NOT NULL CHECK (cost_p > 0),
                        created_at {ts} NOT NULL,
                        updated_at {ts} NOT NULL,
                        UNIQUE (app, email_key)
                    )
                    """,
                ]
            ),
            // `Idempotency-Key` on authenticated POSTs (Auth's IdempotencyMiddleware): one row per
            // user, app and key, claimed `in_progress` before the handler runs (the primary key settles
            // races) and `done` with the 2xx answer to replay. Rows older than 24 hours are ignored and
            // deleted (when the key comes again, and by the hourly purge job); an account's rows go with it.
            Migration(
                version: 6, name: "idempotency_keys",
                template: [
                    """
                    CREATE TABLE idempotency_keys (
                        user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                        app TEXT NOT NULL CHECK (\(appCheck)),
                        idempotency_key TEXT NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
                        fingerprint TEXT NOT NULL,
                        claim {uuid} NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('in_progress', 'done')),
                        status_code INTEGER CHECK (status_code BETWEEN 200 AND 299),
                        content_type TEXT,
                        etag TEXT,
                        body {bytes},
                        created_at {ts} NOT NULL,
                        PRIMARY KEY (user_id, app, idempotency_key),
                        CHECK (state = 'in_progress' OR status_code IS NOT NULL)
                    )
                    """,
                    "CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)",
                ]
            ),
            // The refresh reuse grace window (Auth's AccountRepository.rotate): a spent refresh token
            // keeps, for a few seconds, the pair its exchange answered, sealed under a key only the
            // token itself gives (`successor`, base64). The partial index finds the few rows still
            // holding one for the job that forgets them once their window has passed.
            Migration(
                version: 7, name: "refresh_successor",
                template: [
                    "ALTER TABLE refresh_tokens ADD COLUMN successor TEXT",
                    "CREATE INDEX refresh_tokens_successor ON refresh_tokens (used_at) WHERE successor IS NOT NULL",
                ]
            ),
            // The rate limiters' shared buckets (PostgresRateLimitStore): PostgreSQL only (one SQLite
            // instance keeps its limits in process), UNLOGGED because rate state may be lost in a crash.
            // `idle_after` is when a bucket untouched since is full again, for the purge.
            Migration(
                version: 8, name: "rate_limit_buckets",
                sqlite: [],
                postgres: [
                    """
                    CREATE UNLOGGED TABLE rate_limit_buckets (
                        scope_key TEXT PRIMARY KEY,
                        tokens DOUBLE PRECISION NOT NULL,
                        granted INTEGER NOT NULL,
                        updated_at TIMESTAMPTZ NOT NULL,
                        idle_after TIMESTAMPTZ NOT NULL
                    )
                    """,
                    "CREATE INDEX rate_limit_buckets_idle ON rate_limit_buckets (idle_after)",
                ]
            ),
            // Instance presence (InstancePresence): each server instance sharing the database heartbeats
            // its row every few seconds and removes it on graceful shutdown. Work an instance holds names
            // it (a job's lease owner, an idempotency key's `instance`), so a claim whose holder stopped
            // heartbeating is taken over at once instead of after its timeout.
            Migration(
                version: 9, name: "server_instances",
                template: [
                    """
                    CREATE TABLE server_instances (
                        id TEXT PRIMARY KEY,
                        started_at {ts} NOT NULL,
                        heartbeat_at {ts} NOT NULL
                    )
                    """,
                    "ALTER TABLE idempotency_keys ADD COLUMN instance TEXT",
                ]
            ),
        ])
}
