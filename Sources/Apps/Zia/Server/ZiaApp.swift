import AIProviders
import AppPlatform
import Auth
import Foundation
import Jobs
import Logging
import Notifications
import Observability
import Persistence
import PlatformCore
import ZiaAPI
import ZiaAssistant

/// Zia as a tenant of the platform: a family assistant under `/zia/v1` (the documented paths, docs/zia.md). So far
/// its accounts (`/users/upsert`) and each user's household profile (`/households/…`); another
/// user's household is indistinguishable from a missing one.
public struct ZiaApp: AppModule {
    public static let id = AppID.zia
    public static var apiRoot: APIRoot { ZiaRoutes.root }
    public static var routes: [RouteShape] { ZiaRoutes.all }
    public static let migrations = [ZiaSchema.migrations]
    public static var settingKeys: [SettingKey] { AssistSettings.keys }
    public static func configuration(from settings: Settings) throws -> ZiaConfiguration { try ZiaConfiguration(settings: settings) }
    public static var offlineModels: [String: any LanguageModel] { Assistant.offlineModels }
    public static var aiPurposes: [String] { Assistant.purposes }
    // Reminders: a time the user chose is not held back by quiet hours.
    public static var deliveryRules: DeliveryRules { DeliveryRules(quietHoursBypass: Set(ReminderCategory.allCases.map(\.rawValue))) }

    /// The platform's routes plus Zia's fragments (`OpenAPI/zia*.openapi.json`: accounts and
    /// household, the assistant, memory, admin).
    public static func openAPIDocument() throws -> OpenAPIDocument {
        let parts: [(name: String, json: [UInt8])] = [
            // The search fragment first: it defines Recipe and RecipeIngredient, which the assistant's refers to.
            ("zia-search.openapi.json", PackageResources.zia_search_openapi_json),
            ("zia-assistant.openapi.json", PackageResources.zia_assistant_openapi_json),
            ("zia-memory.openapi.json", PackageResources.zia_memory_openapi_json),
            ("zia-admin.openapi.json", PackageResources.zia_admin_openapi_json),
            ("zia-pantry.openapi.json", PackageResources.zia_pantry_openapi_json),
            ("zia-shopping.openapi.json", PackageResources.zia_shopping_openapi_json),
            ("zia-routines.openapi.json", PackageResources.zia_routines_openapi_json),
            ("zia-artifacts.openapi.json", PackageResources.zia_artifacts_openapi_json),
            ("zia-reminders.openapi.json", PackageResources.zia_reminders_openapi_json),
        ]
        return try parts.reduce(
            OpenAPIDocument(
                app: id.rawValue, apiRoot: apiRoot.path, title: "Zia API", version: "1.0.0",
                fragment: String(decoding: PackageResources.zia_openapi_json, as: UTF8.self))
        ) { document, part in try document.adding(String(decoding: part.json, as: UTF8.self), app: id.rawValue, name: part.name) }
    }

    public let users: ZiaUserRepository
    public let households: HouseholdRepository
    let accounts: AccountRepository
    /// `POST /assist/stream` and the conversations.
    public let assistant: ZiaAssistantRoutes
    // Memory, feedback, health, admin, the Apple alias and onboarding counters.
    public let memories: MemoryStore
    public let feedback: FeedbackRepository
    let health: ZiaHealthCheck
    let admin: ZiaAdminController
    let signIn: AuthController?
    let onboarding: OnboardingMetrics

    /// The shipped recipes and knowledge base as a vector corpus (the assistant's retrievers and `/rag/search`).
    public let corpus: CorpusIndex
    let memorySearch: MemorySearch
    // Routines: routine runs (streaks) and chore scheduling.
    public let routineRuns: RoutineRunRepository
    let clock: any TimeSource
    // Reminders.
    public let reminders: ZiaReminderService
    // Artifacts: saved plans and their calendar suggestions.
    public let artifacts: ArtifactRepository
    /// Memories from what the user saves and completes (`routineCompleted` for the routine runs).
    public let writeBack: MemoryWriteBack
    let cursorSecret: Data
    // Groceries, pantry and shopping sessions.
    public let pantry: PantryRepository
    public let grocerySessions: GrocerySessionRepository

    public init(platform: PlatformServices, configuration: ZiaConfiguration) throws {
        let database = platform.database, clock = platform.clock
        users = ZiaUserRepository(database: database, clock: clock)
        households = HouseholdRepository(database: database, clock: clock)
        accounts = platform.accounts
        corpus = CorpusIndex(database: database, vectors: platform.vectors, embedder: platform.embedder, logger: platform.logger)
        memorySearch = MemorySearch(database: database, vectors: platform.vectors, embedder: platform.embedder)
        memories = MemoryStore(database: database, vectors: platform.vectors, embedder: platform.embedder, clock: clock, logger: platform.logger)
        let engine = Assistant(
            router: platform.models, recipes: VectorRecipeRetriever(corpus: corpus), knowledge: VectorKnowledgeRetriever(corpus: corpus),
            configuration: configuration.assist.engine)
        assistant = ZiaAssistantRoutes(
            database: database, clock: clock, accounts: platform.accounts, engine: engine, memories: memories,
            settings: configuration.assist, metrics: platform.metrics, limiters: platform.rateLimits, cursorSecret: platform.serverSecret, logger: platform.logger)
        // Feedback, health, admin, the Apple alias and onboarding counters.
        feedback = FeedbackRepository(database: database, clock: clock)
        health = ZiaHealthCheck(database: database, models: platform.models)
        admin = ZiaAdminController(
            health: health, usage: SQLUsageRecorder(database: database, metrics: platform.metrics, logger: platform.logger), admins: platform.admins, clock: clock)
        signIn = platform.auth.flatMap { auth in
            platform.authLimiter.map { AuthController(auth: auth, app: Self.id, allowDevSignIn: false, limiter: $0) }
        }
        onboarding = OnboardingMetrics(metrics: platform.metrics, users: users)
        // Routines: routine runs (streaks) and chore scheduling.
        routineRuns = RoutineRunRepository(database: database, clock: clock)
        self.clock = clock
        // Reminders.
        reminders = ZiaReminderService(
            database: database, jobs: platform.jobs, engine: platform.notifications, accounts: platform.accounts, clock: clock, logger: platform.logger)
        // Artifacts.
        artifacts = ArtifactRepository(database: database, clock: clock)
        cursorSecret = platform.serverSecret
        writeBack = MemoryWriteBack(memories: memories, users: users, logger: platform.logger)
        // Groceries, pantry and shopping sessions.
        pantry = PantryRepository(database: database, clock: clock)
        grocerySessions = GrocerySessionRepository(database: database, clock: clock)
    }

    public func addRoutes(to routes: AppRoutes) {
        let api = routes.api(ZiaRoutes.root)
        ZiaUsersController(service: ZiaUserService(users: users, accounts: accounts)).addRoutes(to: api)
        HouseholdsController(households: households, onboarding: onboarding).addRoutes(to: api)
        assistant.addRoutes(to: api)
        // Memory, feedback, health, admin, the Apple alias.
        MemoryController(memories: memories, feedback: feedback).addRoutes(to: api)
        admin.addRoutes(to: api)
        RAGSearchController(corpus: corpus, memories: memorySearch).addRoutes(to: api)
        ZiaPublicController(health: health, signIn: signIn).addRoutes(to: routes.open(ZiaRoutes.openRoot))
        // Routines: routine runs (streaks) and chore scheduling.
        let (writeBack, artifacts) = (writeBack, artifacts)
        RoutineRunsController(runs: routineRuns, accounts: accounts, clock: clock) { run, user in
            // A completed routine becomes a `routine_…` fact named after the saved plan it ran (a bedtime
            // routine, a chore plan), or a plain routine.
            guard let day = run.localDay else { return }
            var saved: ArtifactType?
            if let id = run.artifactID { saved = (try? await artifacts.find(ArtifactID(id), for: user))??.artifactType }
            let routineType =
                switch saved {
                case .bedtimeRoutine: "bedtime"
                case .chorePlan: "chores"
                case .mealPlan, nil: "routine"
                }
            _ = await writeBack.routineCompleted(routineType: routineType, stepsCompleted: run.stepsCompleted, stepsTotal: run.stepsTotal, day: day, for: user)
        }
        .addRoutes(to: api)
        ChoresController().addRoutes(to: api)
        // Reminders.
        RemindersController(reminders: reminders).addRoutes(to: api)
        // Artifacts.
        ArtifactsController(
            artifacts: artifacts, households: households, swapper: MealSwapper(recipes: VectorRecipeRetriever(corpus: corpus)), accounts: accounts,
            clock: artifacts.clock, writeBack: writeBack, cursorSecret: cursorSecret
        ).addRoutes(to: api)
        // Groceries, pantry and shopping sessions.
        GroceriesController(pantry: pantry).addRoutes(to: api)
        PantryController(pantry: pantry).addRoutes(to: api)
        GrocerySessionsController(sessions: grocerySessions).addRoutes(to: api)
    }

    // Reminders: their delivery job, and a new time zone moves them.
    public func registerJobs(on scheduler: JobScheduler) {
        let reminders = reminders
        scheduler.register(ZiaReminderService.jobKind) { job in try await reminders.handle(job) }
    }

    public func preferencesChanged(for user: UserID) async {
        await reminders.reschedule(user: user)
    }

    /// Memories' vectors and the corpus's recipes and articles, kept embedded by the platform's
    /// backfill (after an embedder switch too).
    public var embeddingSources: [any EmbeddingSource] { [MemoryEmbeddingSource()] + corpus.embeddingSources }

    public var exporter: any AppDataExporter {
        let (users, households, assistant, memories, feedback) = (users, households, assistant, memories, feedback)
        let (routineRuns, reminders, artifacts, pantry, grocerySessions) = (routineRuns, reminders, artifacts, pantry, grocerySessions)
        return ZiaExporter(sections: [
            .init("user") { try await users.find($0) },
            .init("household") { try await households.profile(of: $0) },
            .init("conversations") { try await assistant.conversations.all(for: $0) },
            .init("agent_runs") { try await assistant.runs.all(for: $0) },
            .init("memories") { try await memories.list(for: $0) },
            .init("feedback") { try await feedback.list(for: $0) },
            .init("routine_runs") { try await routineRuns.all(for: $0) },
            .init("reminders") { try await reminders.stored(for: $0) },
            .init("artifacts") { try await artifacts.all(for: $0) },
            .init("pantry") { try await pantry.list(for: $0) },
            .init("grocery_sessions") { try await grocerySessions.all(for: $0) },
        ])
    }
}
