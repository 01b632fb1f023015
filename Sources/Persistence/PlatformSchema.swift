/// The platform's tables, shared by every app: accounts (one per app), sign-in identities, sessions
/// and rotating refresh tokens, device tokens, notification preferences, and stored vectors.
public enum PlatformSchema {
    static let appCheck = "app IN ('knot', 'vibekeeper', 'zia', 'farelens')"

    public static let migrations = MigrationSet(component: "platform", migrations: [
        Migration(
            version: 1, name: "accounts_sessions_devices_vectors",
            sqlite: [
                """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY,
                    app TEXT NOT NULL CHECK (\(appCheck)),
                    email TEXT,
                    notifications_enabled INTEGER NOT NULL DEFAULT 1,
                    quiet_hours_start INTEGER NOT NULL DEFAULT 22 CHECK (quiet_hours_start BETWEEN 0 AND 23),
                    quiet_hours_end INTEGER NOT NULL DEFAULT 8 CHECK (quiet_hours_end BETWEEN 0 AND 23),
                    timezone TEXT,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                )
                """,
                "CREATE INDEX users_app_email ON users (app, email)",
                """
                CREATE TABLE user_identities (
                    app TEXT NOT NULL CHECK (\(appCheck)),
                    provider TEXT NOT NULL CHECK (provider IN ('apple', 'google', 'dev')),
                    subject TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    email TEXT,
                    created_at REAL NOT NULL,
                    PRIMARY KEY (app, provider, subject)
                )
                """,
                "CREATE INDEX user_identities_user ON user_identities (user_id)",
                """
                CREATE TABLE auth_sessions (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    app TEXT NOT NULL CHECK (\(appCheck)),
                    created_at REAL NOT NULL,
                    revoked_at REAL,
                    revoked_reason TEXT
                )
                """,
                "CREATE INDEX auth_sessions_user ON auth_sessions (user_id)",
                """
                CREATE TABLE refresh_tokens (
                    token_hash TEXT PRIMARY KEY,
                    session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    created_at REAL NOT NULL,
                    expires_at REAL NOT NULL,
                    used_at REAL
                )
                """,
                "CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id)",
                """
                CREATE TABLE device_tokens (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    app TEXT NOT NULL CHECK (\(appCheck)),
                    token TEXT NOT NULL,
                    platform TEXT NOT NULL CHECK (platform IN ('ios', 'android')),
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL,
                    UNIQUE (app, token)
                )
                """,
                "CREATE INDEX device_tokens_user ON device_tokens (user_id)",
                """
                CREATE TABLE vector_entries (
                    collection TEXT NOT NULL,
                    item_id TEXT NOT NULL,
                    owner_id TEXT REFERENCES users (id) ON DELETE CASCADE,
                    model TEXT NOT NULL,
                    dims INTEGER NOT NULL CHECK (dims > 0),
                    embedding BLOB NOT NULL,
                    PRIMARY KEY (collection, item_id)
                )
                """,
                "CREATE INDEX vector_entries_owner ON vector_entries (collection, owner_id, model)",
            ],
            postgres: [
                "CREATE EXTENSION IF NOT EXISTS vector",
                """
                CREATE TABLE users (
                    id UUID PRIMARY KEY,
                    app TEXT NOT NULL CHECK (\(appCheck)),
                    email TEXT,
                    notifications_enabled BOOLEAN NOT NULL DEFAULT TRUE,
                    quiet_hours_start INTEGER NOT NULL DEFAULT 22 CHECK (quiet_hours_start BETWEEN 0 AND 23),
                    quiet_hours_end INTEGER NOT NULL DEFAULT 8 CHECK (quiet_hours_end BETWEEN 0 AND 23),
                    timezone TEXT,
                    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """,
                "CREATE INDEX users_app_email ON users (app, email)",
                """
                CREATE TABLE user_identities (
                    app TEXT NOT NULL CHECK (\(appCheck)),
                    provider TEXT NOT NULL CHECK (provider IN ('apple', 'google', 'dev')),
                    subject TEXT NOT NULL,
                    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    email TEXT,
                    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                    PRIMARY KEY (app, provider, subject)
                )
                """,
                "CREATE INDEX user_identities_user ON user_identities (user_id)",
                """
                CREATE TABLE auth_sessions (
                    id UUID PRIMARY KEY,
                    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    app TEXT NOT NULL CHECK (\(appCheck)),
                    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                    revoked_at TIMESTAMPTZ,
                    revoked_reason TEXT
                )
                """,
                "CREATE INDEX auth_sessions_user ON auth_sessions (user_id)",
                """
                CREATE TABLE refresh_tokens (
                    token_hash TEXT PRIMARY KEY,
                    session_id UUID NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
                    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                    expires_at TIMESTAMPTZ NOT NULL,
                    used_at TIMESTAMPTZ
                )
                """,
                "CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id)",
                """
                CREATE TABLE device_tokens (
                    id UUID PRIMARY KEY,
                    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    app TEXT NOT NULL CHECK (\(appCheck)),
                    token TEXT NOT NULL,
                    platform TEXT NOT NULL CHECK (platform IN ('ios', 'android')),
                    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                    UNIQUE (app, token)
                )
                """,
                "CREATE INDEX device_tokens_user ON device_tokens (user_id)",
                """
                CREATE TABLE vector_entries (
                    collection TEXT NOT NULL,
                    item_id UUID NOT NULL,
                    owner_id UUID REFERENCES users (id) ON DELETE CASCADE,
                    model TEXT NOT NULL,
                    dims INTEGER NOT NULL CHECK (dims > 0),
                    embedding vector NOT NULL,
                    PRIMARY KEY (collection, item_id)
                )
                """,
                "CREATE INDEX vector_entries_owner ON vector_entries (collection, owner_id, model)",
                // HNSW (cosine) per vector width; searches use the same `embedding::vector(N)` expression.
                "CREATE INDEX vector_entries_hnsw_384 ON vector_entries USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE dims = 384",
                "CREATE INDEX vector_entries_hnsw_768 ON vector_entries USING hnsw ((embedding::vector(768)) vector_cosine_ops) WHERE dims = 768",
            ]
        ),
    ])
}
