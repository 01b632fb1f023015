import AIProviders
import AppPlatform
import Auth
import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import ZiaAPI
import ZiaAssistant

/// Zia's settings (`ZIA_…`).
public struct ZiaConfiguration: Sendable {
    /// The assistant's limits (`ZIA_ASSIST_…`).
    public var assist = AssistSettings()

    public init() {}

    public init(settings: Settings) throws {
        assist = try AssistSettings(settings: settings)
    }
}

/// Zia as a tenant of the platform: a family assistant under `/zia/v1` (the seed's paths). So far
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
            settings: configuration.assist, metrics: platform.metrics, clients: platform.clientAddresses, cursorSecret: platform.serverSecret, logger: platform.logger)
        // Feedback, health, admin, the Apple alias and onboarding counters.
        feedback = FeedbackRepository(database: database, clock: clock)
        health = ZiaHealthCheck(database: database, models: platform.models)
        admin = ZiaAdminController(
            health: health, usage: SQLUsageRecorder(database: database, metrics: platform.metrics, logger: platform.logger), admins: platform.admins, clock: clock)
        signIn = platform.auth.flatMap { auth in
            platform.authLimiter.map { AuthController(auth: auth, app: Self.id, allowDevSignIn: false, limiter: $0) }
        }
        onboarding = OnboardingMetrics(metrics: platform.metrics, users: users)
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
        // Groceries, pantry and shopping sessions.
        GroceriesController(pantry: pantry).addRoutes(to: api)
        PantryController(pantry: pantry).addRoutes(to: api)
        GrocerySessionsController(sessions: grocerySessions).addRoutes(to: api)
    }

    /// Memories' vectors and the corpus's recipes and articles, kept embedded by the platform's
    /// backfill (after an embedder switch too).
    public var embeddingSources: [any EmbeddingSource] { [MemoryEmbeddingSource()] + corpus.embeddingSources }

    public var exporter: any AppDataExporter {
        ZiaExporter(
            users: users, households: households, assistant: assistant, memories: memories, feedback: feedback,
            shopping: ShoppingExport(pantry: pantry, sessions: grocerySessions))
    }
}

/// Zia's part of a user's data export: its account row (the time zone is in the export's
/// notification preferences), the stored household profile (null when none is stored), the
/// conversations with their messages, the assistant's runs, the user's memories and their feedback on runs,
/// the pantry and the shopping sessions with their items.
public struct ZiaExporter: AppDataExporter {
    let users: ZiaUserRepository
    let households: HouseholdRepository
    let assistant: ZiaAssistantRoutes
    let memories: MemoryStore
    let feedback: FeedbackRepository
    let shopping: ShoppingExport

    struct Document: Encodable {
        var user: ZiaUserRepository.Row?
        var household: HouseholdProfile?
        var conversations: [Conversation]
        var agentRuns: [AgentRunRecord]
        var memories: [Memory]
        var feedback: [Feedback]
        var pantry: [PantryItem]
        var grocerySessions: [GrocerySession]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeNullable(user, forKey: .user, in: encoder)
            try container.encodeNullable(household, forKey: .household, in: encoder)
            try container.encode(conversations, forKey: .conversations)
            try container.encode(agentRuns, forKey: .agentRuns)
            try container.encode(memories, forKey: .memories)
            try container.encode(feedback, forKey: .feedback)
            try container.encode(pantry, forKey: .pantry)
            try container.encode(grocerySessions, forKey: .grocerySessions)
        }
        enum CodingKeys: String, CodingKey {
            case user, household, conversations, agentRuns = "agent_runs", memories, feedback, pantry, grocerySessions = "grocery_sessions"
        }
    }

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        AnyEncodable(
            Document(
                user: try await users.find(user), household: try await households.profile(of: user), conversations: try await assistant.conversations.all(for: user),
                agentRuns: try await assistant.runs.all(for: user), memories: try await memories.list(for: user), feedback: try await feedback.list(for: user),
                pantry: try await shopping.pantry.list(for: user), grocerySessions: try await shopping.sessions.all(for: user)))
    }
}

/// The groceries part of a user's export: the pantry and the shopping sessions.
public struct ShoppingExport: Sendable {
    let pantry: PantryRepository
    let sessions: GrocerySessionRepository
}
