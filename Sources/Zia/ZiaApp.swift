import AIProviders
import AppPlatform
import Auth
import Foundation
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
            ("zia-assistant.openapi.json", PackageResources.zia_assistant_openapi_json),
            ("zia-search.openapi.json", PackageResources.zia_search_openapi_json),
            ("zia-memory.openapi.json", PackageResources.zia_memory_openapi_json),
            ("zia-admin.openapi.json", PackageResources.zia_admin_openapi_json),
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

    public init(database: any Database, clock: any TimeSource, accounts: AccountRepository, assistant: ZiaAssistantRoutes) {
        users = ZiaUserRepository(database: database, clock: clock)
        households = HouseholdRepository(database: database, clock: clock)
        self.accounts = accounts
        self.assistant = assistant
    }

    public init(platform: PlatformServices, configuration: ZiaConfiguration) throws {
        let assistant = ZiaAssistantRoutes(
            database: platform.database, clock: platform.clock, accounts: platform.accounts, engine: ZiaAssistantRoutes.assistant(router: platform.models),
            settings: configuration.assist, metrics: platform.metrics, clients: platform.clientAddresses, cursorSecret: platform.serverSecret, logger: platform.logger)
        self.init(database: platform.database, clock: platform.clock, accounts: platform.accounts, assistant: assistant)
    }

    public func addRoutes(to routes: AppRoutes) {
        let api = routes.api(ZiaRoutes.root)
        ZiaUsersController(service: ZiaUserService(users: users, accounts: accounts)).addRoutes(to: api)
        HouseholdsController(households: households).addRoutes(to: api)
        assistant.addRoutes(to: api)
    }

    public var exporter: any AppDataExporter { ZiaExporter(users: users, households: households, assistant: assistant) }
}

/// Zia's part of a user's data export: its account row (the time zone is in the export's
/// notification preferences), the stored household profile (null when none is stored), the
/// conversations with their messages and the assistant's runs.
public struct ZiaExporter: AppDataExporter {
    let users: ZiaUserRepository
    let households: HouseholdRepository
    let assistant: ZiaAssistantRoutes

    struct Document: Encodable {
        var user: ZiaUserRepository.Row?
        var household: HouseholdProfile?
        var conversations: [Conversation]
        var agentRuns: [AgentRunRecord]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeNullable(user, forKey: .user, in: encoder)
            try container.encodeNullable(household, forKey: .household, in: encoder)
            try container.encode(conversations, forKey: .conversations)
            try container.encode(agentRuns, forKey: .agentRuns)
        }
        enum CodingKeys: String, CodingKey { case user, household, conversations, agentRuns = "agent_runs" }
    }

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        AnyEncodable(
            Document(
                user: try await users.find(user), household: try await households.profile(of: user), conversations: try await assistant.conversations.all(for: user),
                agentRuns: try await assistant.runs.all(for: user)))
    }
}
