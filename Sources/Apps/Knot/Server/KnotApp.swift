import AIProviders
import AppPlatform
import Auth
import Foundation
import Hummingbird
import Jobs
import KnotAPI
import Logging
import Notifications
import Persistence
import PlatformCore

/// Knot as a tenant of the platform: its migrations, repositories and routes under `/knot`.
public struct KnotApp: AppModule {
    public static let id = AppID.knot
    public static var apiRoot: APIRoot { KnotRoutes.root }
    public static var routes: [RouteShape] { KnotRoutes.all }
    public static let migrations = [KnotSchema.migrations]
    public static var settingKeys: [SettingKey] { KnotConfiguration.keys }
    public static var aiPurposes: [String] { [KnotVibeClassifier.purpose, WebSearchSource.purpose] }
    public static func configuration(from settings: Settings) throws -> KnotConfiguration { try KnotConfiguration(settings: settings) }
    public let vaults: VaultRepository
    public let hints: HintRepository
    public let records: KnotRecordsRepository
    public let recommendations: RecommendationRepository
    public let recommender: RecommendationService
    public let learnedWeights: LearnedWeightsRepository
    public let reminders: MilestoneNotifications
    public let deepLinks: DeepLinks
    let jobs: JobQueue
    let clock: any TimeSource
    let qstash: QStashVerifier?
    let qstashDestinationURL: String?
    let feedbackAnalysisHours: Int
    let appleAppID: String?

    /// - Parameters:
    ///   - shareSecret: the server secret share links and the hint list's cursors are signed with.
    ///   - appleAppID: `TEAMID.bundle.id` served in the app-site-association file.
    ///   - sources: the real sources configured; the offline catalog answers alone when there are
    ///     none and otherwise only fills the slots they leave.
    ///   - router: answers `knot.vibe_classification` when a model chain is configured for it.
    ///   - qstash: verifies QStash deliveries to `POST /notifications/process`; `nil` disables it.
    public init(
        database: any Database, vectors: any VectorIndex, embedder: any Embedder, clock: any TimeSource, logger: Logger, shareSecret: Data, appleAppID: String?,
        sources: [any CandidateSourceProvider] = [], router: ModelRouter? = nil, accounts: AccountRepository, notifications: NotificationEngine, jobs: JobQueue,
        qstash: QStashVerifier? = nil, qstashDestinationURL: String? = nil, feedbackAnalysisHours: Int = 168
    ) {
        vaults = VaultRepository(database: database, clock: clock)
        hints = HintRepository(
            database: database, vectors: vectors, embedder: embedder, clock: clock, logger: logger, cursors: PageCursorSigner(secret: shareSecret, list: HintRepository.collection))
        records = KnotRecordsRepository(database: database)
        let signer = ShareLinkSigner(secret: shareSecret)
        recommendations = RecommendationRepository(database: database, clock: clock, signer: signer)
        deepLinks = DeepLinks(signer: signer, recommendations: recommendations)
        learnedWeights = LearnedWeightsRepository(database: database, clock: clock, vaults: vaults)
        let checker = AvailabilityChecker()
        recommender = RecommendationService(
            vaults: vaults, hints: hints, recommendations: recommendations, weights: learnedWeights, sources: sources,
            isAvailable: { await checker.isAvailable($0) }, vibeClassifier: VibeClassification(router: router, logger: logger), logger: logger)
        reminders = MilestoneNotifications(database: database, vaults: vaults, accounts: accounts, recommender: recommender, engine: notifications, clock: clock, logger: logger)
        self.jobs = jobs
        self.clock = clock
        self.qstash = qstash
        self.qstashDestinationURL = qstashDestinationURL
        self.feedbackAnalysisHours = feedbackAnalysisHours
        self.appleAppID = appleAppID
    }

    public init(platform: PlatformServices, configuration: KnotConfiguration) throws {
        self.init(
            database: platform.database, vectors: platform.vectors, embedder: platform.embedder, clock: platform.clock, logger: platform.logger,
            shareSecret: platform.serverSecret, appleAppID: configuration.appleAppID,
            sources: configuration.sources(router: platform.models, clock: platform.clock, logger: platform.logger), router: platform.models,
            accounts: platform.accounts, notifications: platform.notifications, jobs: platform.jobs,
            qstash: platform.qstash, qstashDestinationURL: platform.qstashDestinationURL, feedbackAnalysisHours: configuration.feedbackAnalysisHours
        )
    }

    public func addRoutes(to routes: AppRoutes) {
        addAPIRoutes(to: routes.api(KnotRoutes.root))
        notificationsController.addWebhookRoutes(to: routes.open(KnotRoutes.openRoot))
        deepLinks.addRoutes(to: routes.open(KnotRoutes.openRoot))
    }

    public var embeddingSources: [any EmbeddingSource] { [HintEmbeddingSource()] }

    /// Shared recommendations open in the app (`/knot/recommendation/{id}?sig=…`).
    public var appSiteAssociation: AppSiteAssociation {
        AppSiteAssociation(appIDs: appleAppID.map { [$0] } ?? [], paths: [KnotRoutes.recommendationPage.shape.path.replacingOccurrences(of: "{id}", with: "*")])
    }

    /// A new time zone moves the 09:00 reminders.
    public func preferencesChanged(for user: UserID) async {
        await reminders.scheduleQuietly(for: user)
    }

    /// Registers Knot's job handlers and periodic work: reminder delivery, the daily reminder sweep
    /// (03:00 UTC) and, when `feedbackAnalysisHours` > 0, the feedback analysis (weekly by default).
    public func registerJobs(on scheduler: JobScheduler) {
        let reminders = reminders
        let weights = learnedWeights
        scheduler.register(MilestoneNotifications.jobKind) { job in try await reminders.handle(job) }
        scheduler.recurring(RecurringJob(name: "knot-reminder-sweep", kind: MilestoneNotifications.sweepJobKind, schedule: .daily(hour: 3, minute: 0))) {
            try await reminders.scheduleAll()
        }
        // Registered even when the analysis is off: occurrences enqueued while it was on still find their handler.
        scheduler.register(FeedbackAnalysisJob.kind) { _ in
            try await FeedbackAnalysisJob(weights: weights).run()
            return .completed
        }
        if feedbackAnalysisHours > 0 {
            let schedule: RecurringJob.Schedule = feedbackAnalysisHours == 168 ? .weekly(weekday: 1, hour: 4, minute: 0) : .every(seconds: feedbackAnalysisHours * 3600)
            scheduler.schedule(RecurringJob(name: "knot-feedback-analysis", kind: FeedbackAnalysisJob.kind, schedule: schedule))
        }
    }

    /// The rule-based models Knot supplies for its AI purposes when no provider is configured.
    public static var offlineModels: [String: any LanguageModel] {
        [KnotVibeClassifier.purpose: KnotVibeClassifier()]
    }

    public var exporter: any AppDataExporter {
        KnotExporter(vaults: vaults, hints: hints, recommendations: recommendations, records: records)
    }

    var notificationsController: NotificationsController {
        NotificationsController(notifications: reminders, jobs: jobs, verifier: qstash, destinationURL: qstashDestinationURL, clock: clock)
    }

    /// Adds Knot's authenticated API routes (`/knot/api/v1/...`) to `api`.
    func addAPIRoutes(to api: RouterGroup<AuthenticatedContext>) {
        let reminders = reminders
        VaultController(vaults: vaults, onVaultChanged: { user in await reminders.scheduleQuietly(for: user) }).addRoutes(to: api)
        notificationsController.addRoutes(to: api)
        HintsController(hints: hints).addRoutes(to: api)
        RecommendationsController(service: recommender, repository: recommendations, weights: learnedWeights).addRoutes(to: api)
    }
}
