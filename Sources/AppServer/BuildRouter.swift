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

/// Builds one app module from its scope of the configuration (opens the existential `AppModule.Type`).
func makeModule<M: AppModule>(_ type: M.Type, platform: PlatformServices, settings: Settings) throws -> any AppModule {
    try M(platform: platform, configuration: try M.configuration(from: settings))
}
