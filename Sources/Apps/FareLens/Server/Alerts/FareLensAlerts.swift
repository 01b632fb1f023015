import Auth
import FareLensAPI
import Foundation
import Jobs
import Logging
import Notifications
import Persistence
import PlatformCore

/// The alerts part as FareLensApp holds it: the history, the settings and the service, built on
/// FareLens's copy of the platform's notification engine (taught the tier caps), and the job that
/// releases deferred alerts, and the alerts of exceptional deals as they are recorded.
public struct FareLensAlerts: Sendable {
    public let history: AlertHistoryRepository
    public let settings: AlertSettingsRepository
    public let service: FareLensAlertService
    /// Deals scoring ≥ 90 alerted as they are recorded (the observer records through it).
    public let exceptional: ExceptionalDealAlerts

    /// How often deferred alerts are looked for (they are due at the end of quiet hours).
    public static let releaseInterval = 300
    static let releaseJobKind = "farelens.alerts_release"

    /// `engine` is the platform's (nil when FareLens is built alone, e.g. by tools: one on the
    /// outbox with FareLens's rules).
    public init(
        database: any Database, clock: any TimeSource, engine: NotificationEngine?, accounts: FareLensAccountRepository, watchlists: WatchlistRepository, sources: DealSources,
        logger: Logger
    ) {
        history = AlertHistoryRepository(database: database, clock: clock)
        settings = AlertSettingsRepository(database: database, clock: clock, catalog: watchlists.catalog)
        let platformEngine =
            engine
            ?? NotificationEngine(
                database: database, accounts: AccountRepository(database: database, clock: clock), push: nil, clock: clock,
                rules: [.farelens: FareLensAlertService.deliveryRules], logger: logger)
        service = FareLensAlertService(
            engine: platformEngine.using(capResolver: FareLensAlertCaps(accounts: accounts), for: .farelens), history: history, settings: settings, sources: sources,
            clock: clock, logger: logger)
        exceptional = ExceptionalDealAlerts(
            jobs: JobQueue(database: database, clock: clock), watchlists: watchlists, service: service, clock: clock, logger: logger)
    }

    /// Releases due deferred alerts every ``releaseInterval`` seconds.
    public func registerJobs(on scheduler: JobScheduler) {
        let service = service
        scheduler.recurring(RecurringJob(name: "farelens-alerts-release", kind: Self.releaseJobKind, schedule: .every(seconds: Self.releaseInterval))) {
            try await service.releaseDue()
        }
        exceptional.registerJobs(on: scheduler)
    }
}

extension FareLensAlertService {
    /// FareLens's notification rules: quiet hours 22–7 for new accounts (docs/farelens.md, "Alerts"),
    /// dedupe 12 h per route (`dedupeKey`), and a daily cap on `deal_alert`s only (Free 3, set per
    /// user by ``FareLensAlertCaps``: Pro 6).
    public static var deliveryRules: DeliveryRules {
        DeliveryRules(
            dedupeWindow: AlertRules.dedupeWindow, categoryCaps: [category: AlertRules.dailyCap(for: .free)], defaultQuietHours: DefaultQuietHours(start: 22, end: 7))
    }
}
