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

/// In development, the access-token key is generated once and kept in the data folder, so tokens
/// (and the CLI's saved session) survive a restart.
/// The media store the configuration names: an S3-compatible bucket, or a folder (`MEDIA_DIR`,
/// default `DATA_DIR/media`).
func makeMediaStore(_ configuration: ServerConfiguration) -> any MediaStore {
    if let s3 = configuration.mediaS3 { return S3MediaStore(configuration: s3) }
    return LocalMediaStore(directory: URL(fileURLWithPath: configuration.mediaDirectory ?? configuration.dataDirectory + "/media"))
}
