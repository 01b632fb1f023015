import AIProviders
import AppPlatform
import Auth
import Foundation
import Hummingbird
import Jobs
import Logging
import MediaStorage
import Notifications
import Persistence
import PlatformCore
import VibeKeeperAPI

/// VibeKeeper as a tenant of the platform (docs/vibekeeper.md): people, their occasions, gift ideas, captures and
/// reminders, under `/vibekeeper`.
public struct VibeKeeperApp: AppModule {
    public static let id = AppID.vibekeeper
    public static var apiRoot: APIRoot { VibeKeeperRoutes.root }
    public static var routes: [RouteShape] { VibeKeeperRoutes.all }
    public static let migrations = [VibeKeeperSchema.migrations]
    public static var passwordAccounts: Bool { true }
    public static var settingKeys: [SettingKey] { [] }
    public static var aiPurposes: [String] { [IdeaExtraction.purpose] }
    public static func configuration(from settings: Settings) throws -> VibeKeeperConfiguration { VibeKeeperConfiguration() }

    public let contacts: ContactRepository
    public let ideas: GiftIdeaRepository
    public let capture: CaptureService
    public let reminders: ReminderService
    public let search: IdeaSearch
    public let library: MediaLibrary
    public let media: MediaCapture
    /// What follows each write (reminders, search, stored files).
    public let effects: WriteEffects
    let clock: any TimeSource
    /// The server secret the lists' cursors are signed with.
    let cursorSecret: Data

    /// - Parameters:
    ///   - cursorSecret: the server secret the lists' cursors are signed with (stable across restarts).
    ///   - router: answers `vibekeeper.extraction` when a model chain is configured for it; the
    ///     offline extractor does otherwise.
    ///   - accounts: the users' time zones (relative dates in captures).
    ///   - jobs, notifications: deliver reminders.
    ///   - mediaStore, transcriber, vision: voice and photo captures (a temporary folder when no store is given).
    public init(
        database: any Database, clock: any TimeSource, cursorSecret: Data, embedder: any Embedder, vectors: (any VectorIndex)? = nil, router: ModelRouter? = nil,
        accounts: AccountRepository? = nil, jobs: JobQueue? = nil, notifications: NotificationEngine? = nil, mediaStore: (any MediaStore)? = nil,
        transcriber: (any Transcriber)? = nil, vision: (any VisionModel)? = nil, logger: Logger = Logger(label: "vibekeeper")
    ) {
        contacts = ContactRepository(database: database, clock: clock)
        ideas = GiftIdeaRepository(database: database, clock: clock)
        reminders = ReminderService(
            database: database, jobs: jobs ?? JobQueue(database: database, clock: clock), engine: notifications, accounts: accounts, clock: clock, logger: logger)
        search = IdeaSearch(
            database: database, vectors: vectors ?? makeVectorIndex(for: database.kind), embedder: embedder, ideas: ideas, contacts: contacts, logger: logger)
        library = MediaLibrary(
            database: database, store: mediaStore ?? LocalMediaStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("vibekeeper-media")),
            clock: clock, logger: logger)
        effects = WriteEffects(reminders: reminders, search: search, library: library)
        capture = CaptureService(
            contacts: contacts, ideas: ideas, extraction: IdeaExtraction(router: router, logger: logger), accounts: accounts, effects: effects, clock: clock)
        media = MediaCapture(capture: capture, library: library, transcriber: transcriber, vision: vision, logger: logger)
        self.clock = clock
        self.cursorSecret = cursorSecret
    }

    public init(platform: PlatformServices, configuration: VibeKeeperConfiguration) throws {
        self.init(
            database: platform.database, clock: platform.clock, cursorSecret: platform.serverSecret, embedder: platform.embedder, vectors: platform.vectors,
            router: platform.models,
            accounts: platform.accounts, jobs: platform.jobs, notifications: platform.notifications, mediaStore: platform.media,
            transcriber: platform.transcriber, vision: platform.vision, logger: platform.logger)
    }

    public func addRoutes(to routes: AppRoutes) {
        let api = routes.api(VibeKeeperRoutes.root)
        ContactsController(contacts: contacts, cursorSecret: cursorSecret, effects: effects).addRoutes(to: api)
        GiftIdeasController(ideas: ideas, cursorSecret: cursorSecret, effects: effects).addRoutes(to: api)
        CaptureController(capture: capture, media: media, ideas: ideas, cursorSecret: cursorSecret, effects: effects).addRoutes(to: api)
        MediaController(library: library).addRoutes(to: api)
        SearchController(search: search).addRoutes(to: api)
        RemindersController(reminders: reminders, clock: clock).addRoutes(to: api)
    }

    /// The job that removes media files without a row (hourly).
    public static let mediaSweepJobKind = "vibekeeper.media_orphan_sweep"

    /// Reminder delivery, the daily sweep (03:30 UTC) that repairs automatic reminders, and the
    /// hourly sweep of media files without a row.
    public func registerJobs(on scheduler: JobScheduler) {
        let reminders = reminders
        let library = library
        scheduler.register(ReminderService.jobKind) { job in try await reminders.handle(job) }
        scheduler.recurring(RecurringJob(name: "vibekeeper-reminder-sweep", kind: ReminderService.sweepJobKind, schedule: .daily(hour: 3, minute: 30))) {
            try await reminders.syncAll()
        }
        scheduler.recurring(RecurringJob(name: "vibekeeper-media-sweep", kind: Self.mediaSweepJobKind, schedule: .every(seconds: 3600))) {
            try await library.sweepOrphans()
        }
    }

    /// A new time zone moves the 09:00 reminders.
    public func preferencesChanged(for user: UserID) async {
        await reminders.sync(user: user)
    }

    /// The account's photos and recordings leave the media store once its rows are gone.
    public func accountDeleted(_ user: UserID) async {
        await library.removeFiles(of: user)
    }

    public var embeddingSources: [any EmbeddingSource] { [GiftIdeaEmbeddingSource()] }

    public var exporter: any AppDataExporter { VibeKeeperExporter(contacts: contacts, ideas: ideas, reminders: reminders) }
}
