import AIProviders
import AppPlatform
import Auth
import Foundation
import Hummingbird
import Jobs
import Logging
import MediaStorage
import Notifications
import Observability
import Persistence
import PlatformCore
import ServiceLifecycle

/// Things tests (and only tests) replace: the clock and how identity-provider keys are fetched.
public struct ServerDependencies: Sendable {
    public var clock: any TimeSource
    public var jwksFetcher: any JWKSFetching
    public var embedder: (any Embedder)?
    /// Offline models per purpose, added to what the apps supply.
    public var offlineModels: [String: any LanguageModel]
    /// Replaces the push provider the configuration implies (tests: a fake APNs).
    public var pushProvider: (any PushProvider)?
    /// Where the server logs (tests: a capturing handler); nil is the process's logging system.
    public var logger: Logger?
    /// Extra app modules to host besides ``hostedApps`` (tests: a small module that proves the
    /// protocol); each is mounted when its id is in the configuration's `apps`.
    public var extraModules: [any AppModule.Type] = []
    /// Replaces the media store the configuration implies (tests: a store that fails).
    public var media: (any MediaStore)?
    /// Replace the speech-to-text and image-description clients the configuration implies.
    public var transcriber: (any Transcriber)?
    public var vision: (any VisionModel)?
    /// Replaces the hasher of password accounts (tests: a cheaper scrypt cost).
    public var passwordHasher: PasswordHasher?

    public init(
        clock: any TimeSource = SystemTime(), jwksFetcher: any JWKSFetching = HTTPJWKSFetcher(), embedder: (any Embedder)? = nil, offlineModels: [String: any LanguageModel] = [:],
        pushProvider: (any PushProvider)? = nil, logger: Logger? = nil, extraModules: [any AppModule.Type] = [], media: (any MediaStore)? = nil,
        transcriber: (any Transcriber)? = nil, vision: (any VisionModel)? = nil, passwordHasher: PasswordHasher? = nil
    ) {
        self.passwordHasher = passwordHasher
        self.media = media
        self.transcriber = transcriber
        self.vision = vision
        self.clock = clock
        self.jwksFetcher = jwksFetcher
        self.embedder = embedder
        self.offlineModels = offlineModels
        self.pushProvider = pushProvider
        self.logger = logger
        self.extraModules = extraModules
    }
}

/// The assembled server: the Hummingbird application plus handles on its parts, so tests can look
/// behind the API (e.g. count rows after an account deletion).
public struct ServerComponents: Sendable {
    public let application: Application<RouterResponder<AppRequestContext>>
    public let database: any Database
    public let auth: AuthService
    public let metrics: MetricsRegistry
    public let embedder: any Embedder
    public let backfill: VectorBackfillService
    public let router: ModelRouter
    public let usage: SQLUsageRecorder
    public let scheduler: JobScheduler
    public let notifications: NotificationEngine
    /// The hosted app modules, in mount order.
    public let apps: [any AppModule]
    /// Every route the router registered, as `METHOD /path` with `{name}` parameters (tests compare
    /// them with the apps' OpenAPI documents).
    public let routes: [ServerRoute]

    /// The hosted module of type `M`, if this server hosts it.
    public func app<M: AppModule>(_ type: M.Type) -> M? {
        apps.lazy.compactMap { $0 as? M }.first
    }
}

/// One registered route: its method and path template (`/<app>/api/v1/things/{id}`).
public struct ServerRoute: Sendable, Hashable, CustomStringConvertible {
    public let method: String
    public let path: String
    public var description: String { "\(method) \(path)" }
}

/// Builds the server described by `configuration`: opens the database, registers migrations to run
/// before traffic is accepted, and mounts every hosted app under its prefix.
public func buildApplication(configuration: ServerConfiguration) async throws -> some ApplicationProtocol {
    try await buildServer(configuration: configuration).application
}

/// ``buildApplication(configuration:)`` with its parts exposed and dependencies injectable. The
/// steps, in order: the hosted modules, storage, auth, AI, jobs and notifications, the router, the
/// apps mounted on it, the platform's recurring jobs, and the application.
public func buildServer(configuration: ServerConfiguration, dependencies: ServerDependencies = .init()) async throws -> ServerComponents {
    try configuration.validate()
    var logger = dependencies.logger ?? Logger(label: "server")
    logger.logLevel = configuration.logLevel
    let modules = try selectModules(configuration, dependencies: dependencies)
    let storage = try await openStorage(configuration, logger: logger)
    let database = storage.database
    var services = storage.services
    // Anything that fails from here on must close the database it opened (SQLite asserts on that).
    do {
        let clock = dependencies.clock
        let auth = try await buildAuth(configuration, dependencies: dependencies, modules: modules, database: database, logger: logger)
        let metrics = MetricsRegistry()
        let ai = try await buildAI(configuration, dependencies: dependencies, modules: modules, database: database, metrics: metrics, logger: logger)
        let jobs = try buildJobsAndNotifications(
            configuration, dependencies: dependencies, modules: modules, database: database, accounts: auth.accounts, metrics: metrics, logger: logger)
        let platform = PlatformServices(
            database: database, vectors: ai.vectors, embedder: ai.embedder, models: ai.modelRouter, accounts: auth.accounts, notifications: jobs.notificationEngine,
            jobs: jobs.jobQueue, clock: clock, logger: logger, serverSecret: Data(auth.signingKey.utf8), qstash: jobs.qstash,
            qstashDestinationURL: configuration.qstashDestinationURL,
            media: dependencies.media ?? makeMediaStore(configuration),
            transcriber: dependencies.transcriber ?? makeTranscriber(configuration), vision: dependencies.vision ?? makeVisionModel(configuration),
            metrics: metrics, auth: auth.service, authLimiter: auth.limiter, clientAddresses: auth.limiter.clients, admins: configuration.adminAllowList,
            isDevelopment: configuration.isDevelopment, rateLimitStore: auth.rateLimitStore
        )
        let (router, routeMethods) = buildRouter(configuration, database: database, ai: ai, metrics: metrics, logger: logger)
        let idempotencyKeys = IdempotencyRepository(database: database, clock: clock, instance: jobs.presence.presence.id)
        var migrationSets = [PlatformSchema.migrations, JobSchema.migrations, NotificationSchema.migrations]
        let mounted = try mountApps(
            modules, on: router, platform: platform, configuration: configuration, auth: auth.service, authLimiter: auth.limiter, passwords: auth.passwords,
            accounts: auth.accounts, idempotencyKeys: idempotencyKeys, notificationEngine: jobs.notificationEngine, scheduler: jobs.scheduler, clock: clock)
        migrationSets += mounted.migrationSets
        AppSiteAssociationController(entries: mounted.apps.map(\.appSiteAssociation)).addRoutes(to: router)
        let backfill = VectorBackfillService(database: database, vectors: ai.vectors, embedder: ai.embedder, sources: mounted.embeddingSources, logger: logger)
        schedulePlatformJobs(
            on: jobs.scheduler, configuration: configuration, backfill: backfill, embedder: ai.embedder, idempotencyKeys: idempotencyKeys, auth: auth.service,
            rateLimitStore: auth.rateLimitStore, clock: clock, logger: logger)
        services.append(jobs.presence)
        if configuration.jobsEnabled { services.append(jobs.scheduler) }

        let application = makeApplication(
            configuration, router: router, services: services, database: database, jobs: jobs, clock: clock, migrationSets: migrationSets, logger: logger)
        routeMethods.load(router.routes.map { ($0.method.rawValue, $0.path.description) })
        return ServerComponents(
            application: application, database: database, auth: auth.service, metrics: metrics, embedder: ai.embedder, backfill: backfill, router: ai.modelRouter,
            usage: ai.usage, scheduler: jobs.scheduler, notifications: jobs.notificationEngine, apps: mounted.apps,
            routes: router.routes.map { ServerRoute(method: $0.method.rawValue, path: $0.path.description) }
        )
    } catch {
        await database.close()
        throw error
    }
}

/// An app module chosen by the configuration, with its scope of the settings.
typealias SelectedModule = (type: any AppModule.Type, settings: Settings)

/// The modules to host: those of ``hostedApps`` (and the tests' extra ones) that `APPS` names, in
/// mount order. Two modules with one id, or an id without a module, stop the server.
func selectModules(_ configuration: ServerConfiguration, dependencies: ServerDependencies) throws -> [SelectedModule] {
    let available = hostedApps + dependencies.extraModules
    let ids = available.map { $0.id }
    if let twice = ids.first(where: { id in ids.filter { $0 == id }.count > 1 }) {
        throw ConfigurationInvalid("two app modules are named \(twice.rawValue)")
    }
    if let missing = configuration.apps.first(where: { !ids.contains($0) }) {
        throw ConfigurationInvalid("APPS names \(missing.rawValue), which this build has no module for")
    }
    return available.filter { configuration.apps.contains($0.id) }.map { module in
        (type: module, settings: configuration.settings.scoped(to: module.id))
    }
}

/// Storage: the PostgreSQL pool (`DATABASE_URL`) and its notifications listener, or the SQLite file
/// in `DATA_DIR`, with the services that run or close them.
func openStorage(_ configuration: ServerConfiguration, logger: Logger) async throws -> (database: any Database, services: [any Service]) {
    if let url = configuration.databaseURL {
        let store = try PostgresStore(
            url: url, listenURL: configuration.databaseListenURL, maxConnections: configuration.postgresMaxConnections,
            operationTimeout: .seconds(configuration.databaseTimeoutSeconds), logger: logger)
        // The listener is a connection of its own per instance, needed only beside other instances.
        return (store, configuration.multiInstance ? [store, store.listener] : [store])
    }
    let path = URL(fileURLWithPath: configuration.dataDirectory).appendingPathComponent("apps.sqlite").path
    let store = try await SQLiteStore.open(path: path, operationTimeout: .seconds(configuration.databaseTimeoutSeconds), logger: logger)
    return (store, [ClosingService(database: store)])
}

/// What the auth step builds: tokens (with each app's lifetimes), accounts, sign-in, rate limits.
struct AuthComponents {
    let service: AuthService
    let accounts: AccountRepository
    let limiter: RateLimiter
    /// The limiters' shared buckets: PostgreSQL only (one SQLite instance limits in process).
    let rateLimitStore: PostgresRateLimitStore?
    let passwords: PasswordAccounts
    let signingKey: String
}

/// Auth: the signing key, token lifetimes per app, accounts, identity providers, rate limits and
/// password accounts.
func buildAuth(
    _ configuration: ServerConfiguration, dependencies: ServerDependencies, modules: [SelectedModule], database: any Database, logger: Logger
) async throws -> AuthComponents {
    let clock = dependencies.clock
    let signingKey = try configuration.jwtSigningKeyPEM ?? developmentSigningKey(in: configuration.dataDirectory, logger: logger)
    var lifetimesByApp: [AppID: TokenLifetimes] = [:]
    for module in modules { lifetimesByApp[module.type.id] = try configuration.tokenLifetimes(for: module.type) }
    let tokens = try await TokenService(
        signingKeyPEM: signingKey, accessTokenTTL: configuration.accessTokenTTL, refreshTokenTTL: configuration.refreshTokenTTL, lifetimesByApp: lifetimesByApp,
        clock: clock)
    var quietHoursDefaults: [AppID: DefaultQuietHours] = [:]
    for module in modules { quietHoursDefaults[module.type.id] = module.type.deliveryRules.defaultQuietHours }
    let liveSessions = LiveSessionCache(ttl: configuration.sessionCacheSeconds)
    liveSessions.follow(database.notifications)
    let accounts = AccountRepository(database: database, clock: clock, liveSessions: liveSessions, quietHoursDefaults: quietHoursDefaults)
    let auth = AuthService(
        tokens: tokens, accounts: accounts,
        apple: IdentityTokenVerifier(provider: .apple(jwksURL: configuration.appleJWKSURL), fetcher: dependencies.jwksFetcher, clock: clock),
        google: IdentityTokenVerifier(provider: .google(jwksURL: configuration.googleJWKSURL), fetcher: dependencies.jwksFetcher, clock: clock),
        clientIDs: SignInClientIDs(apple: configuration.signInClientIDs.apple, google: configuration.signInClientIDs.google),
        refreshReuseGrace: TimeInterval(configuration.refreshReuseGraceSeconds)
    )
    let rateLimitStore =
        database.kind == .postgres && configuration.multiInstance
        ? PostgresRateLimitStore(database: database, leaseBound: max(.milliseconds(250), .seconds(configuration.databaseTimeoutSeconds) / 5)) : nil
    let authLimiter = RateLimiter(
        capacity: configuration.authRateLimitPerMinute, per: 60, clock: clock, clients: try ClientAddressResolver(trustedProxies: configuration.trustedProxies),
        store: rateLimitStore)
    // Email + password accounts, for the apps that opt in (AppModule.passwordAccounts).
    let passwords = PasswordAccounts(
        auth: auth, credentials: PasswordCredentialRepository(database: database, clock: clock), hasher: dependencies.passwordHasher ?? PasswordHasher(),
        emailLimiter: RateLimiter(capacity: configuration.loginRateLimitPerEmail, per: 15 * 60, clock: clock, store: rateLimitStore))
    return AuthComponents(
        service: auth, accounts: accounts, limiter: authLimiter, rateLimitStore: rateLimitStore, passwords: passwords, signingKey: signingKey)
}

/// What the AI step builds: vectors, the embedder, the model router and its usage recorder.
struct AIComponents {
    let vectors: any VectorIndex
    let embedder: any Embedder
    let modelRouter: ModelRouter
    let usage: SQLUsageRecorder
}

/// AI: the vector index for the database, the embedder, and the model router with the hosted apps'
/// offline models.
func buildAI(
    _ configuration: ServerConfiguration, dependencies: ServerDependencies, modules: [SelectedModule], database: any Database, metrics: MetricsRegistry,
    logger: Logger
) async throws -> AIComponents {
    let vectors = makeVectorIndex(for: database.kind)
    let embedder: any Embedder
    if let injected = dependencies.embedder { embedder = injected } else { embedder = try await makeEmbedder(configuration, logger: logger) }
    let usage = SQLUsageRecorder(database: database, metrics: metrics, logger: logger)
    var offlineModels: [String: any LanguageModel] = [:]
    for module in modules { offlineModels.merge(module.type.offlineModels) { $1 } }
    offlineModels.merge(dependencies.offlineModels) { $1 }
    let modelRouter = try makeModelRouter(configuration, offline: offlineModels, recorder: usage, clock: dependencies.clock, logger: logger)
    return AIComponents(vectors: vectors, embedder: embedder, modelRouter: modelRouter, usage: usage)
}

/// What the jobs and notifications step builds.
struct JobComponents {
    let jobQueue: JobQueue
    /// Opened once migrations have run: nothing in the background queries before.
    let migrated: ReadinessGate
    let scheduler: JobScheduler
    /// This instance's heartbeat; its id owns the scheduler's leases and the idempotency claims.
    let presence: InstancePresenceService
    let notificationEngine: NotificationEngine
    let qstash: QStashVerifier?
}

/// Jobs and notifications: the durable queue and its scheduler, the push provider (APNs or the
/// outbox), the notification engine with each app's delivery rules, QStash verification.
func buildJobsAndNotifications(
    _ configuration: ServerConfiguration, dependencies: ServerDependencies, modules: [SelectedModule], database: any Database, accounts: AccountRepository,
    metrics: MetricsRegistry, logger: Logger
) throws -> JobComponents {
    let clock = dependencies.clock
    let presence = InstancePresence(database: database, clock: clock)
    let jobQueue = JobQueue(database: database, clock: clock, ownerStaleAfter: presence.staleAfter)
    let migrated = ReadinessGate()
    let scheduler = JobScheduler(
        queue: jobQueue, clock: clock,
        configuration: .init(owner: presence.id, concurrency: configuration.jobConcurrency, pollInterval: .milliseconds(configuration.jobPollMilliseconds)),
        metrics: metrics, startAfter: migrated, logger: logger
    )
    let push: (any PushProvider)? =
        try dependencies.pushProvider
        ?? configuration.apns.map { settings in
            try APNsClient(
                configuration: APNsConfiguration(
                    teamID: settings.teamID, keyID: settings.keyID, privateKeyPEM: settings.privateKeyPEM, topic: settings.topic, topicsByApp: settings.topicsByApp,
                    environment: settings.environment == "sandbox" ? .sandbox : .production, baseURL: settings.baseURL
                ), clock: clock)
        }
    logger.info(
        push == nil ? "notifications: APNs not configured; delivering to each app's outbox (GET …/users/me/outbox under the app's API root)" : "notifications: delivering by APNs")
    var deliveryRules: [AppID: DeliveryRules] = [:]
    for module in modules { deliveryRules[module.type.id] = module.type.deliveryRules }
    let notificationEngine = NotificationEngine(database: database, accounts: accounts, push: push, clock: clock, rules: deliveryRules, metrics: metrics, logger: logger)
    let qstash = configuration.qstashCurrentSigningKey.map { QStashVerifier(currentKey: $0, nextKey: configuration.qstashNextSigningKey ?? "") }
    return JobComponents(
        jobQueue: jobQueue, migrated: migrated, scheduler: scheduler, presence: InstancePresenceService(presence: presence, startAfter: migrated, logger: logger),
        notificationEngine: notificationEngine, qstash: qstash)
}

/// The router: the platform's middleware (request ids, metrics, HEAD, errors, 405, body limits,
/// request logs) and its own routes (`/health`, `/metrics`). The method table is loaded once every
/// route is registered.
func buildRouter(
    _ configuration: ServerConfiguration, database: any Database, ai: AIComponents, metrics: MetricsRegistry, logger: Logger
) -> (Router<AppRequestContext>, RouteMethodTable) {
    let embedder = ai.embedder
    let modelRouter = ai.modelRouter
    // HEAD wherever GET (RFC 9110 §9.3.2): the router answers HEAD on every GET route with that
    // route (Hummingbird's generated HEAD endpoints); HeadMiddleware keeps every HEAD answer bodiless
    // with GET's headers, error answers and 405s included.
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: MetricsMiddleware(registry: metrics))
    router.add(middleware: HeadMiddleware())  // outside the error middleware, so error answers lose their body too
    router.add(middleware: ErrorMiddleware(translators: [ConstraintFailure.apiError(for:)]))
    let routeMethods = RouteMethodTable()  // 405 + Allow for a known path with another method
    router.add(middleware: MethodNotAllowedMiddleware(table: routeMethods))
    router.add(middleware: BodyLimitMiddleware(maxBytes: configuration.maxBodyBytes, maxUploadBytes: configuration.maxUploadBytes))
    // A line per request at debug level; at the levels above, a layer every request would pass
    // through for nothing.
    if logger.logLevel <= .debug { router.add(middleware: LogRequestsMiddleware(.debug)) }

    let startedAt = Date()
    router.get(RouterPath(String(ServerRoutes.health.path.dropFirst()))) { _, _ -> EditedResponse<HealthReport> in
        let healthy = (try? await database.read { db in try await db.raw("SELECT 1 AS ok").first() != nil }) ?? false
        let body = HealthReport(
            status: healthy ? "ok" : "unavailable",
            database: database.kind.rawValue,
            embedder: .init(model: embedder.model, dimensions: embedder.dimensions, semantic: embedder.isSemantic),
            languageModels: modelRouter.purposes.map { purpose in
                .init(purpose: purpose, offline: modelRouter.isOffline(purpose), targets: modelRouter.targets(for: purpose).map(\.name))
            },
            providers: modelRouter.health().map {
                .init(target: $0.target, circuit: $0.circuit.rawValue, successRate: $0.successRate, averageLatencyMs: $0.averageLatencyMilliseconds, lastError: $0.lastError)
            },
            apps: configuration.apps.map(\.rawValue),
            environment: configuration.environment.rawValue,
            uptimeSeconds: Int(Date().timeIntervalSince(startedAt))
        )
        var headers: HTTPFields = [.cacheControl: "no-store"]
        if !healthy { headers[.retryAfter] = String(configuration.databaseTimeoutSeconds) }
        return EditedResponse(status: healthy ? .ok : .serviceUnavailable, headers: headers, response: body)
    }
    // Every route's traffic: open on a development server without a token, otherwise only to
    // the bearer of METRICS_BEARER_TOKEN.
    let metricsAccess = MetricsAccess(token: configuration.metricsBearerToken, development: configuration.isDevelopment)
    if metricsAccess.isDisabled {
        logger.warning("metrics: GET /metrics is disabled (401) until METRICS_BEARER_TOKEN is set")
    }
    router.get(RouterPath(String(ServerRoutes.metrics.path.dropFirst()))) { request, _ -> Response in
        try metricsAccess.authorize(request.headers)
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: metrics.render())))
    }
    return (router, routeMethods)
}

/// Mounts every selected app under its prefix: the platform's auth, account and outbox routes, the
/// app's own routes and its OpenAPI document, its jobs. Returns the built apps with the migrations
/// and embedding sources they bring.
func mountApps(
    _ modules: [SelectedModule], on router: Router<AppRequestContext>, platform: PlatformServices, configuration: ServerConfiguration, auth: AuthService,
    authLimiter: RateLimiter, passwords: PasswordAccounts, accounts: AccountRepository, idempotencyKeys: IdempotencyRepository,
    notificationEngine: NotificationEngine, scheduler: JobScheduler, clock: any TimeSource
) throws -> (apps: [any AppModule], migrationSets: [MigrationSet], embeddingSources: [any EmbeddingSource]) {
    var migrationSets: [MigrationSet] = []
    var embeddingSources: [any EmbeddingSource] = []
    var apps: [any AppModule] = []
    for (type, settings) in modules {
        let app = try makeModule(type, platform: platform, settings: settings)
        let document = try type.servedOpenAPIDocument()
        // The query parameters each route takes are those its operation declares in the served document.
        let prefix = router.group(RouterPath(type.id.rawValue))
            .add(middleware: KnownQueryParametersMiddleware(DeclaredQueryParameters(document: document)))
        let routes = AppRoutes(app: type.id, prefix: prefix) { group in
            group.add(middleware: BearerAuthMiddleware(auth: auth, app: type.id))
                // After authentication: keys are the user's. Only POSTs carrying Idempotency-Key.
                .add(middleware: IdempotencyMiddleware(store: idempotencyKeys, app: type.id))
                .group(context: AuthenticatedContext.self)
        }
        let platformRoutes = PlatformRoutes(root: type.apiRoot)
        AuthController(auth: auth, app: type.id, allowDevSignIn: configuration.allowsDevSignIn, limiter: authLimiter).addRoutes(to: routes.open(platformRoutes.authRoot))
        if type.passwordAccounts {
            // An open root of its own, so the bearer authentication of the API root does not apply.
            PasswordAuthController(accounts: passwords, app: type.id, limiter: authLimiter).addRoutes(to: routes.open(platformRoutes.passwordRoot))
        }
        let api = routes.api(type.apiRoot)
        OutboxController(engine: notificationEngine, app: type.id).addRoutes(to: api)
        AccountController(
            accounts: accounts, app: type.id, exporter: app.exporter, clock: clock,
            reauthentication: AccountReauthentication(auth: auth, allowDevSignIn: configuration.allowsDevSignIn, clock: clock),
            onPreferencesChanged: { user in await app.preferencesChanged(for: user) },
            willDeleteAccount: { user in try await app.accountWillBeDeleted(user) },
            didDeleteAccount: { user in await app.accountDeleted(user) }
        ).addRoutes(to: api)
        app.addRoutes(to: routes)
        // GET /<app>/openapi.json: the platform's routes (with those the app opted into) + the app's fragment.
        OpenAPIController(document: document, app: type.id).addRoutes(to: routes.open(.open(type.id)))
        app.registerJobs(on: scheduler)
        migrationSets += type.migrations
        embeddingSources += app.embeddingSources
        apps.append(app)
    }
    return (apps, migrationSets, embeddingSources)
}

/// The platform's recurring jobs: re-embedding after an embedder switch, the scheduler's own purge,
/// expired idempotency keys, spent refresh tokens' successors, idle shared rate-limit buckets.
func schedulePlatformJobs(
    on scheduler: JobScheduler, configuration: ServerConfiguration, backfill: VectorBackfillService, embedder: any Embedder,
    idempotencyKeys: IdempotencyRepository, auth: AuthService, rateLimitStore: PostgresRateLimitStore?, clock: any TimeSource, logger: Logger
) {
    let accounts = auth.accounts
    let backfillLogger = logger
    scheduler.register(VectorBackfillService.jobKind) { _ in
        let count = try await backfill.runOnce()
        if count > 0 { backfillLogger.info("re-embedded stored vectors", metadata: ["count": "\(count)", "model": "\(embedder.model)"]) }
        return .completed
    }
    if configuration.vectorBackfillSeconds > 0 {
        scheduler.schedule(RecurringJob(name: "vector-backfill", kind: VectorBackfillService.jobKind, schedule: .every(seconds: configuration.vectorBackfillSeconds)))
    }
    scheduler.schedulePurge()
    // Idempotency keys are remembered 24 hours; the hourly purge removes older ones (a key that
    // comes again replaces its expired row itself).
    scheduler.register(IdempotencyRepository.purgeJobKind) { _ in
        try await idempotencyKeys.purgeExpired()
        return .completed
    }
    scheduler.schedule(RecurringJob(name: "idempotency-keys-purge", kind: IdempotencyRepository.purgeJobKind, schedule: .every(seconds: 3600)))
    // A spent refresh token's sealed successor is answerable only within the reuse grace window;
    // this forgets it soon after.
    let reuseGrace = auth.refreshReuseGrace
    scheduler.register(AccountRepository.successorPurgeJobKind) { _ in
        try await accounts.forgetSpentSuccessors(grace: reuseGrace)
        return .completed
    }
    scheduler.schedule(RecurringJob(name: "refresh-successors-purge", kind: AccountRepository.successorPurgeJobKind, schedule: .every(seconds: 60)))
    // A shared rate-limit bucket untouched for its interval is full again: its row can go.
    if let rateLimitStore {
        scheduler.register(PostgresRateLimitStore.purgeJobKind) { _ in
            try await rateLimitStore.purgeIdle(at: clock.now())
            return .completed
        }
        scheduler.schedule(RecurringJob(name: "rate-limit-buckets-purge", kind: PostgresRateLimitStore.purgeJobKind, schedule: .every(seconds: 600)))
    }
}

/// The application: the hardened HTTP/1 server on the router, the services, and the migrations run
/// before traffic is accepted (then the background work may start).
func makeApplication(
    _ configuration: ServerConfiguration, router: Router<AppRequestContext>, services: [any Service], database: any Database, jobs: JobComponents,
    clock: any TimeSource, migrationSets: [MigrationSet], logger: Logger
) -> Application<RouterResponder<AppRequestContext>> {
    let jobQueue = jobs.jobQueue
    let migrated = jobs.migrated
    let serverName = "personal-apps"
    var application = Application(
        router: router,
        server: .hardenedHTTP1(
            .init(
                headerTimeout: .seconds(Int64(configuration.httpHeaderTimeoutSeconds)),
                idleTimeout: .seconds(Int64(configuration.httpIdleTimeoutSeconds)),
                bodyTimeout: .seconds(Int64(configuration.httpBodyTimeoutSeconds)),
                bodyMinBytesPerSecond: configuration.httpBodyMinBytesPerSecond,
                serverName: serverName,
                // A client that stops reading an answer (a stream's, say) is let go after the same silence.
                writeStallTimeout: .seconds(Int64(configuration.httpIdleTimeoutSeconds))
            )),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: serverName),
        services: services,
        logger: logger
    )
    let sets = migrationSets
    let migrationLogger = logger
    let backfillAtStart = configuration.vectorBackfillSeconds > 0
    application.beforeServerStarts {
        try await Migrator.migrate(database, sets: sets, logger: migrationLogger)
        migrated.open()
        // Re-embed once at start (a changed embedder should not wait for the first interval).
        if backfillAtStart { try await jobQueue.enqueue(NewJob(kind: VectorBackfillService.jobKind, runAt: clock.now())) }
    }
    return application
}

/// Builds one app module from its scope of the configuration (opens the existential `AppModule.Type`).
func makeModule<M: AppModule>(_ type: M.Type, platform: PlatformServices, settings: Settings) throws -> any AppModule {
    try M(platform: platform, configuration: try M.configuration(from: settings))
}

/// The embedder the configuration asks for. `auto` takes MiniLM when its weights are installed and
/// says plainly in the log when it falls back to the non-semantic hashing embedder.
public func makeEmbedder(_ configuration: ServerConfiguration, logger: Logger) async throws -> any Embedder {
    let directory = configuration.miniLMModelDirectory
    switch configuration.embedder {
    case .hashing:
        logger.notice("embedder: hashing (lexical, not semantic) as configured")
        return HashingEmbedder()
    case .openai:
        guard configuration.ai.openAIAPIKey != nil || configuration.ai.openAIBaseURL != "https://api.openai.com/v1" else {
            throw ServerConfiguration.Invalid(description: "EMBEDDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a compatible server)")
        }
        let dimensions = configuration.ai.openAIEmbeddingModel == "text-embedding-3-large" ? 3072 : 1536
        return OpenAIEmbedder(apiKey: configuration.ai.openAIAPIKey, model: configuration.ai.openAIEmbeddingModel, dimensions: dimensions, baseURL: configuration.ai.openAIBaseURL)
    case .vertex:
        guard let project = configuration.ai.vertexProject else {
            throw ServerConfiguration.Invalid(description: "EMBEDDER=vertex needs VERTEX_PROJECT and VERTEX_ACCESS_TOKEN or VERTEX_SERVICE_ACCOUNT_FILE")
        }
        if let token = configuration.ai.vertexAccessToken {
            return VertexEmbedder(project: project, location: configuration.ai.vertexLocation, accessToken: { token })
        }
        guard let path = configuration.ai.vertexServiceAccountFile else {
            throw ServerConfiguration.Invalid(description: "EMBEDDER=vertex needs VERTEX_ACCESS_TOKEN or VERTEX_SERVICE_ACCOUNT_FILE")
        }
        guard let json = FileManager.default.contents(atPath: path) else {
            throw ServerConfiguration.Invalid(description: "VERTEX_SERVICE_ACCOUNT_FILE: cannot read \(path)")
        }
        let tokens: GoogleAccessTokenProvider
        do { tokens = try GoogleAccessTokenProvider(serviceAccountJSON: json) } catch {
            throw ServerConfiguration.Invalid(description: "VERTEX_SERVICE_ACCOUNT_FILE: \(error)")
        }
        return VertexEmbedder(project: project, location: configuration.ai.vertexLocation, accessToken: { try await tokens.token() })
    case .minilm:
        guard MiniLMEmbedder.isInstalled(at: directory) else {
            throw ServerConfiguration.Invalid(description: "EMBEDDER=minilm but no model.safetensors/vocab.txt in \(directory); run scripts/models")
        }
        return try await MiniLMEmbedder.load(directory: directory)
    case .auto:
        if MiniLMEmbedder.isInstalled(at: directory) {
            do {
                let embedder = try await MiniLMEmbedder.load(directory: directory)
                logger.info("embedder: all-MiniLM-L6-v2 from \(directory)")
                return embedder
            } catch {
                logger.warning("MiniLM weights found but not usable (\(error)); falling back to the hashing embedder")
            }
        } else {
            logger.notice("embedder: hashing (lexical, not semantic) — no MiniLM weights in \(directory); run scripts/models for semantic search")
        }
        return HashingEmbedder()
    }
}

/// `GET /health`: whether the database answers, which database and embedder are in use (honestly:
/// `semantic: false` for the hashing fallback), which apps are hosted.
struct HealthReport: ResponseEncodable {
    enum CodingKeys: String, CodingKey { case status, database, embedder, languageModels = "language_models", providers, apps, environment, uptimeSeconds = "uptime_seconds" }
    struct EmbedderInfo: Encodable {
        var model: String
        var dimensions: Int
        var semantic: Bool
    }
    /// A purpose and the models it would try; `offline` when only an app's rule-based model serves it.
    struct LanguageModelRoute: Encodable {
        var purpose: String
        var offline: Bool
        var targets: [String]
    }
    struct ProviderHealth: Encodable {
        enum CodingKeys: String, CodingKey { case target, circuit, successRate = "success_rate", averageLatencyMs = "average_latency_ms", lastError = "last_error" }
        var target: String
        var circuit: String
        var successRate: Double
        var averageLatencyMs: Int
        var lastError: String?
    }
    var status: String
    var database: String
    var embedder: EmbedderInfo
    var languageModels: [LanguageModelRoute]
    var providers: [ProviderHealth]
    var apps: [String]
    var environment: String
    var uptimeSeconds: Int
}

/// In development, the access-token key is generated once and kept in the data folder, so tokens
/// (and the CLI's saved session) survive a restart.
/// The media store the configuration names: an S3-compatible bucket, or a folder (`MEDIA_DIR`,
/// default `DATA_DIR/media`).
func makeMediaStore(_ configuration: ServerConfiguration) -> any MediaStore {
    if let s3 = configuration.mediaS3 { return S3MediaStore(configuration: s3) }
    return LocalMediaStore(directory: URL(fileURLWithPath: configuration.mediaDirectory ?? configuration.dataDirectory + "/media"))
}

func developmentSigningKey(in dataDirectory: String, logger: Logger) throws -> String {
    let path = URL(fileURLWithPath: dataDirectory).appendingPathComponent("dev-signing-key.pem").path
    if let pem = try? String(contentsOfFile: path, encoding: .utf8), !pem.isEmpty { return pem }
    try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
    let pem = TokenService.generateSigningKeyPEM()
    _ = FileManager.default.createFile(atPath: path, contents: Data(pem.utf8), attributes: [.posixPermissions: 0o600])
    logger.notice("generated a development signing key at \(path)")
    return pem
}

/// Closes a database when the server shuts down.
struct ClosingService: Service {
    let database: any Database

    func run() async throws {
        try? await gracefulShutdown()
        await database.close()
    }
}
