import AppPlatform
import Auth
import Foundation
import Logging
import MediaStorage
import PlatformCore

/// Reading the layered sources into values, and checking them before the server starts.
extension ServerConfiguration {
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
}
