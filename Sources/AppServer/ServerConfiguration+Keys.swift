import AppPlatform
import Auth
import Foundation
import Logging
import MediaStorage
import PlatformCore

/// The keys: each declared once, grouped by the module that reads them, and the help and table made from them.
extension ServerConfiguration {
    /// The platform's keys, each declared once: the parser (`ServerConfiguration+Loading.swift`) reads these constants, and
    /// `server --help` and docs/configuration.md's table are generated from them (a test compares it).
    public enum Key {
        /// The values every key falls back to: the properties' initial values, read here so the
        /// help shows each default without restating it.
        static let defaults = ServerConfiguration()
        static let defaultS3Region = "us-east-1"
        static let defaultAPNsEnvironment = "production"

        public static let host = SettingKey("HOST", "interface to listen on", default: Self.defaults.host)
        public static let port = SettingKey("PORT", "port to listen on", default: Self.defaults.port)
        public static let databaseURL = SettingKey("DATABASE_URL", "postgres://user:pass@host:5432/db selects PostgreSQL; unset uses SQLite at DATA_DIR/apps.sqlite")
        public static let databaseListenURL = SettingKey(
            "DATABASE_LISTEN_URL",
            "a direct postgres:// URL of the same database for the one LISTEN connection (sign-outs reaching every instance), when DATABASE_URL goes through PgBouncer in transaction mode; unset uses DATABASE_URL"
        )
        public static let dataDirectory = SettingKey("DATA_DIR", "folder for the SQLite file and development keys", default: Self.defaults.dataDirectory)
        public static let environment = SettingKey("APP_ENV", "development or production", default: Self.defaults.environment.rawValue)
        public static let apps = SettingKey("APPS", "comma-separated apps to host", default: Self.defaults.apps.map(\.rawValue).joined(separator: ","))
        public static let maxBodyBytes = SettingKey("MAX_BODY_BYTES", "largest accepted request body in bytes", default: Self.defaults.maxBodyBytes)
        public static let maxUploadBytes = SettingKey(
            "MAX_UPLOAD_BYTES", "largest accepted multipart/form-data upload in bytes; routes cap each file lower", default: Self.defaults.maxUploadBytes)
        public static let mediaDirectory = SettingKey("MEDIA_DIR", "folder for uploaded photos and recordings", default: "DATA_DIR/media")
        public static let mediaS3Bucket = SettingKey("MEDIA_S3_BUCKET", "keep uploads in this S3-compatible bucket instead of MEDIA_DIR")
        public static let mediaS3Endpoint = SettingKey(
            "MEDIA_S3_ENDPOINT", "the bucket's endpoint, path-style (R2, MinIO… work)", default: "https://s3.<MEDIA_S3_REGION>.amazonaws.com")
        public static let mediaS3Region = SettingKey("MEDIA_S3_REGION", "the bucket's region for SigV4", default: Self.defaultS3Region)
        public static let mediaS3AccessKey = SettingKey("MEDIA_S3_ACCESS_KEY_ID", "access key for the bucket (required with MEDIA_S3_BUCKET)")
        public static let mediaS3Secret = SettingKey("MEDIA_S3_SECRET_ACCESS_KEY", "secret key for the bucket (required with MEDIA_S3_BUCKET)")
        public static let headerTimeout = SettingKey(
            "HTTP_HEADER_TIMEOUT_SECONDS", "seconds to deliver a complete request head, from connecting or from a later request's first byte; then 408 and close",
            default: Self.defaults.httpHeaderTimeoutSeconds)
        public static let idleTimeout = SettingKey(
            "HTTP_IDLE_TIMEOUT_SECONDS",
            "seconds a kept-alive connection may stay silent between requests before it is closed; a body silent this long gets 408; a client that takes no bytes of an answer this long is disconnected",
            default: Self.defaults.httpIdleTimeoutSeconds)
        public static let bodyTimeout = SettingKey(
            "HTTP_BODY_TIMEOUT_SECONDS", "seconds a whole request body may take from its head (300 s lets MAX_UPLOAD_BYTES arrive at 1 Mbit/s); then 408 and close",
            default: Self.defaults.httpBodyTimeoutSeconds)
        public static let bodyMinRate = SettingKey(
            "HTTP_BODY_MIN_BYTES_PER_SECOND",
            "average rate a request body must keep from its head, judged once HTTP_HEADER_TIMEOUT_SECONDS have passed (0: none); then 408 and close",
            default: Self.defaults.httpBodyMinBytesPerSecond)
        public static let signingKey = SettingKey("JWT_SIGNING_KEY", "ES256 private key PEM for access tokens (required in production)")
        public static let signingKeyFile = SettingKey("JWT_SIGNING_KEY_FILE", "path to that PEM instead")
        public static let accessTTL = SettingKey("ACCESS_TOKEN_TTL_SECONDS", "access token lifetime in seconds", default: Int(Self.defaults.accessTokenTTL))
        public static let refreshTTL = SettingKey("REFRESH_TOKEN_TTL_SECONDS", "refresh token lifetime in seconds", default: Int(Self.defaults.refreshTokenTTL))
        public static let appleJWKS = SettingKey("APPLE_JWKS_URL", "Apple's signing keys", default: Self.defaults.appleJWKSURL)
        public static let googleJWKS = SettingKey("GOOGLE_JWKS_URL", "Google's signing keys", default: Self.defaults.googleJWKSURL)
        public static let authRateLimit = SettingKey(
            "AUTH_RATE_LIMIT_PER_MINUTE", "sign-in, refresh and registration requests per client address per minute", default: Self.defaults.authRateLimitPerMinute)
        public static let loginRateLimitPerEmail = SettingKey(
            "LOGIN_RATE_LIMIT_PER_EMAIL",
            "password sign-in attempts per account email per 15 minutes, whatever the client address; registrations of one email have a budget of the same size",
            default: Self.defaults.loginRateLimitPerEmail)
        public static let multiInstance = SettingKey(
            "MULTI_INSTANCE",
            "on PostgreSQL, agree with the other instances on the database: rate limits counted in it, and one LISTEN connection for sign-outs made elsewhere (off: one instance; a sign-out elsewhere is seen when the session cache expires)",
            default: Self.defaults.multiInstance)
        public static let refreshReuseGrace = SettingKey(
            "REFRESH_REUSE_GRACE_SECONDS",
            "seconds in which a refresh token presented again (two tabs refreshing at once) gets the same new pair instead of revoking the session (0 = off)",
            default: Self.defaults.refreshReuseGraceSeconds)
        public static let metricsToken = SettingKey(
            "METRICS_BEARER_TOKEN", "GET /metrics requires Authorization: Bearer <this>; unset: /metrics is open in development and answers 401 otherwise")
        public static let trustedProxies = SettingKey(
            "TRUSTED_PROXIES", "comma-separated proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,::1) whose X-Forwarded-For names the client; unset: the socket peer is the client")
        public static let postgresMaxConnections = SettingKey("POSTGRES_MAX_CONNECTIONS", "connection pool size", default: Self.defaults.postgresMaxConnections)
        public static let databaseTimeout = SettingKey(
            "DATABASE_TIMEOUT_SECONDS", "bound on one database operation, waits for a connection or a lock included; past it: 503 with Retry-After",
            default: Self.defaults.databaseTimeoutSeconds)
        public static let shutdownTimeout = SettingKey(
            "SHUTDOWN_TIMEOUT_SECONDS", "on SIGTERM/SIGINT, seconds to finish requests and jobs in flight before exiting anyway", default: Self.defaults.shutdownTimeoutSeconds)
        public static let adminAllowList = SettingKey(
            "ADMIN_ALLOWLIST_USER_IDS", "comma-separated user ids (UUIDs) allowed on the apps' admin routes; others signed in get 403; unset: nobody")
        public static let sessionCache = SettingKey(
            "SESSION_CACHE_SECONDS", "seconds a live session is trusted before re-checking the database (0 = every request)", default: Int(Self.defaults.sessionCacheSeconds))
        public static let logLevel = SettingKey("LOG_LEVEL", "trace, debug, info, notice, warning, error", default: Self.defaults.logLevel.rawValue)
        public static let embedder = SettingKey(
            "EMBEDDER", "auto (MiniLM when installed, else hashing), minilm, hashing, openai or vertex", default: Self.defaults.embedder.rawValue)
        public static let miniLMDirectory = SettingKey(
            "MINILM_MODEL_DIR", "folder with model.safetensors + vocab.txt (see scripts/models)", default: Self.defaults.miniLMModelDirectory)
        public static let vectorBackfill = SettingKey(
            "VECTOR_BACKFILL_SECONDS", "seconds between re-embedding passes over stored vectors (0 = off)", default: Self.defaults.vectorBackfillSeconds)
        public static let anthropicKey = SettingKey("ANTHROPIC_API_KEY", "Anthropic Messages API key")
        public static let anthropicURL = SettingKey("ANTHROPIC_BASE_URL", "Anthropic base URL", default: Self.defaults.ai.anthropicBaseURL)
        public static let openAIKey = SettingKey("OPENAI_API_KEY", "OpenAI (or compatible) key: chat, embeddings, transcription, vision")
        public static let openAIURL = SettingKey("OPENAI_BASE_URL", "OpenAI or any OpenAI-compatible server", default: Self.defaults.ai.openAIBaseURL)
        public static let openAIEmbeddingModel = SettingKey("OPENAI_EMBEDDING_MODEL", "embedding model for EMBEDDER=openai", default: Self.defaults.ai.openAIEmbeddingModel)
        public static let geminiKey = SettingKey("GEMINI_API_KEY", "Google Gemini generateContent key")
        public static let geminiURL = SettingKey("GEMINI_BASE_URL", "Gemini base URL", default: Self.defaults.ai.geminiBaseURL)
        public static let vertexProject = SettingKey("VERTEX_PROJECT", "Google Cloud project for Vertex AI text-embedding-004 (EMBEDDER=vertex)")
        public static let vertexLocation = SettingKey("VERTEX_LOCATION", "Vertex AI region", default: Self.defaults.ai.vertexLocation)
        public static let vertexToken = SettingKey("VERTEX_ACCESS_TOKEN", "a static Vertex access token")
        public static let vertexServiceAccount = SettingKey(
            "VERTEX_SERVICE_ACCOUNT_FILE", "service-account key (JSON) for Vertex instead of a static token: tokens are minted and refreshed",
            aliases: ["GOOGLE_APPLICATION_CREDENTIALS"])
        public static let aiTimeout = SettingKey("AI_TIMEOUT_SECONDS", "per-attempt model call timeout in seconds", default: Self.defaults.ai.timeoutSeconds)
        public static let aiAttempts = SettingKey("AI_MAX_ATTEMPTS", "attempts per model before the next in the chain", default: Self.defaults.ai.maxAttempts)
        public static let transcriber = SettingKey(
            "TRANSCRIBER", "speech to text for voice captures: openai:MODEL (e.g. openai:whisper-1, any OpenAI-compatible server); unset: none")
        public static let visionModel = SettingKey("VISION_MODEL", "describes captured photos: openai:MODEL or anthropic:MODEL; unset: captions only")
        public static let jobsEnabled = SettingKey("JOBS_ENABLED", "run the durable job scheduler in this process", default: Self.defaults.jobsEnabled)
        public static let jobsConcurrency = SettingKey("JOBS_CONCURRENCY", "jobs run at once", default: Self.defaults.jobConcurrency)
        public static let jobsPoll = SettingKey("JOBS_POLL_MS", "idle polling interval in ms", default: Self.defaults.jobPollMilliseconds)
        public static let apnsTeam = SettingKey(
            "APNS_TEAM_ID", "APNs token auth: the team ID (with APNS_KEY_ID, APNS_AUTH_KEY and a topic per app). Unset: notifications go to the outbox")
        public static let apnsKeyID = SettingKey("APNS_KEY_ID", "APNs auth key ID")
        public static let apnsKey = SettingKey("APNS_AUTH_KEY", "APNs .p8 key (PEM text)")
        public static let apnsKeyFile = SettingKey("APNS_AUTH_KEY_FILE", "path to the .p8 key instead")
        public static let apnsTopic = SettingKey("APNS_TOPIC", "bundle ID used for apps without their own <APP>_APNS_TOPIC")
        public static let apnsEnvironment = SettingKey("APNS_ENVIRONMENT", "sandbox or production", default: Self.defaultAPNsEnvironment)
        public static let apnsURL = SettingKey("APNS_BASE_URL", "APNs base URL override")
        public static let qstashCurrent = SettingKey("QSTASH_CURRENT_SIGNING_KEY", "accept QStash-signed webhook deliveries (unset: those webhooks answer 401)")
        public static let qstashNext = SettingKey("QSTASH_NEXT_SIGNING_KEY", "QStash's next signing key (rotation)")
        public static let qstashURL = SettingKey("QSTASH_DESTINATION_URL", "the URL QStash calls; checked against the signature's subject when set")

        /// Read for each hosted app in its scope: `<APP>_APPLE_CLIENT_IDS`, …
        public static let appleClientIDs = SettingKey("APPLE_CLIENT_IDS", "comma-separated bundle/service IDs accepted in Apple ID tokens for this app")
        public static let googleClientIDs = SettingKey("GOOGLE_CLIENT_IDS", "comma-separated OAuth client IDs accepted in Google ID tokens for this app")
        public static let appAPNsTopic = SettingKey("APNS_TOPIC", "this app's bundle ID, the APNs topic of its notifications")
        public static let appAccessTTL = SettingKey("ACCESS_TOKEN_TTL_SECONDS", "this app's access token lifetime in seconds", default: Key.accessTTL.name)
        public static let appRefreshTTL = SettingKey("REFRESH_TOKEN_TTL_SECONDS", "this app's refresh token lifetime in seconds", default: Key.refreshTTL.name)
    }

    /// The platform's keys, grouped by the module that reads them, in help order. They are
    /// declared and read here rather than in those modules (Persistence, Auth, Notifications…):
    /// those take plain values from the composition root and know nothing of configuration sources.
    static let platformGroups: [SettingGroup] = [
        SettingGroup(
            "Server and HTTP",
            [
                Key.host, Key.port, Key.environment, Key.apps, Key.logLevel, Key.maxBodyBytes, Key.maxUploadBytes, Key.headerTimeout, Key.idleTimeout,
                Key.bodyTimeout, Key.bodyMinRate, Key.trustedProxies, Key.metricsToken, Key.shutdownTimeout,
            ]),
        SettingGroup("Database", [Key.databaseURL, Key.databaseListenURL, Key.dataDirectory, Key.postgresMaxConnections, Key.databaseTimeout]),
        SettingGroup(
            "Auth",
            [
                Key.signingKey, Key.signingKeyFile, Key.accessTTL, Key.refreshTTL, Key.appleJWKS, Key.googleJWKS, Key.authRateLimit, Key.loginRateLimitPerEmail,
                Key.multiInstance,
                Key.refreshReuseGrace, Key.sessionCache, Key.adminAllowList,
            ]),
        SettingGroup(
            "AI",
            [
                Key.embedder, Key.miniLMDirectory, Key.vectorBackfill, Key.anthropicKey, Key.anthropicURL, Key.openAIKey, Key.openAIURL, Key.openAIEmbeddingModel,
                Key.geminiKey, Key.geminiURL, Key.vertexProject, Key.vertexLocation, Key.vertexToken, Key.vertexServiceAccount, Key.aiTimeout, Key.aiAttempts,
                Key.transcriber, Key.visionModel,
            ]),
        SettingGroup("Media", [Key.mediaDirectory, Key.mediaS3Bucket, Key.mediaS3Endpoint, Key.mediaS3Region, Key.mediaS3AccessKey, Key.mediaS3Secret]),
        SettingGroup("Jobs", [Key.jobsEnabled, Key.jobsConcurrency, Key.jobsPoll]),
        SettingGroup(
            "Notifications (APNs, QStash)",
            [
                Key.apnsTeam, Key.apnsKeyID, Key.apnsKey, Key.apnsKeyFile, Key.apnsTopic, Key.apnsEnvironment, Key.apnsURL, Key.qstashCurrent, Key.qstashNext,
                Key.qstashURL,
            ]),
    ]
    /// Keys the platform reads once per hosted app, in the app's scope.
    static let perAppKeys: [SettingKey] = [Key.appleClientIDs, Key.googleClientIDs, Key.appAPNsTopic, Key.appAccessTTL, Key.appRefreshTTL]

    /// One documented key: its full environment name, its help line and its group's heading.
    public struct DocumentedKey: Sendable, Equatable {
        public let key: String
        public let meaning: String
        public let group: String
    }

    /// Every key the server reads, with full names, group by group: the platform's, then per hosted
    /// app its per-app platform keys, its own keys and its AI chains (printed by `server --help`;
    /// docs/configuration.md's table is generated from this list too, `server keys --markdown`).
    public static var keys: [DocumentedKey] {
        // The open-ended `AI_CHAIN_<PURPOSE>` family is documented with the AI keys; each app's purposes with the app.
        let chains = DocumentedKey(
            key: "AI_CHAIN_<PURPOSE>",
            meaning: "e.g. AI_CHAIN_<APP>.<PURPOSE>=anthropic:claude-sonnet-4-5,openai:gpt-4o-mini: models tried in order for a purpose (purposes below)",
            group: "AI")
        var keys = platformGroups.flatMap { group in
            group.keys.map { DocumentedKey(key: $0.name, meaning: $0.help, group: group.name) } + (group.name == chains.group ? [chains] : [])
        }
        let unscoped = Settings.layered(overrides: [:], environment: [:], dotEnv: [:])
        for app in hostedApps {
            let scope = unscoped.scoped(to: app.id)
            let group = "\(app.id.rawValue) (\(scope.scope ?? "")_…)"
            for key in perAppKeys + app.settingKeys {
                let aliases = key.aliases.filter { $0 != scope.fullName(key) }
                keys.append(
                    DocumentedKey(
                        key: scope.fullName(key), meaning: help(of: key, in: app) + (aliases.isEmpty ? "" : " (also read as \(aliases.joined(separator: ", ")))"),
                        group: group))
            }
            for purpose in app.aiPurposes {
                keys.append(
                    DocumentedKey(
                        key: "AI_CHAIN_\(purpose.uppercased())", meaning: "model chain for \(app.id.rawValue)'s \(purpose) (unset: the app's offline rules, if any)",
                        group: group))
            }
        }
        return keys
    }

    /// A per-app key's help line in `app`'s scope: the token lifetimes' default is the app's own
    /// when its module declares one.
    static func help(of key: SettingKey, in app: any AppModule.Type) -> String {
        guard let lifetimes = app.tokenLifetimes else { return key.help }
        switch key {
        case Key.appAccessTTL: return SettingKey(key.name, key.meaning, default: Int(lifetimes.access)).help
        case Key.appRefreshTTL: return SettingKey(key.name, key.meaning, default: Int(lifetimes.refresh)).help
        default: return key.help
        }
    }

    /// docs/configuration.md's configuration tables, one per group, generated from ``keys``.
    public static var markdownTable: String {
        groupedKeys.map { group, keys in
            (["### \(group)", "", "| key | meaning |", "|---|---|"] + keys.map { "| `\($0.key)` | \($0.meaning.replacingOccurrences(of: "|", with: "\\|")) |" })
                .joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// ``keys`` by group, in order.
    public static var groupedKeys: [(group: String, keys: [DocumentedKey])] {
        keys.reduce(into: []) { groups, key in
            if groups.last?.group == key.group { groups[groups.count - 1].keys.append(key) } else { groups.append((key.group, [key])) }
        }
    }
}
