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
    scheduler.recurring(RecurringJob(name: "idempotency-keys-purge", kind: IdempotencyRepository.purgeJobKind, schedule: .every(seconds: 3600))) {
        _ = try await idempotencyKeys.purgeExpired()
    }
    // A spent refresh token's sealed successor is answerable only within the reuse grace window;
    // this forgets it soon after.
    let reuseGrace = auth.refreshReuseGrace
    scheduler.recurring(RecurringJob(name: "refresh-successors-purge", kind: AccountRepository.successorPurgeJobKind, schedule: .every(seconds: 60))) {
        _ = try await accounts.forgetSpentSuccessors(grace: reuseGrace)
    }
    // Renamed to the platform's spelling; the occurrence queued before keeps running for a release.
    scheduler.register(formerKind: AccountRepository.formerSuccessorPurgeJobKind, as: AccountRepository.successorPurgeJobKind)
    // A shared rate-limit bucket untouched for its interval is full again: its row can go.
    if let rateLimitStore {
        scheduler.recurring(RecurringJob(name: "rate-limit-buckets-purge", kind: PostgresRateLimitStore.purgeJobKind, schedule: .every(seconds: 600))) {
            try await rateLimitStore.purgeIdle(at: clock.now())
        }
        scheduler.register(formerKind: PostgresRateLimitStore.formerPurgeJobKind, as: PostgresRateLimitStore.purgeJobKind)
    }
}
