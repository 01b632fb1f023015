import AIProviders
import AppPlatform
import Auth
import Foundation
import Logging
import Persistence
import PlatformCore
import ZiaAPI

/// Zia's settings (`ZIA_…`). None yet: the app runs on the platform's settings alone.
public struct ZiaConfiguration: Sendable {
    public init() {}
}

/// Zia as a tenant of the platform: a family assistant under `/zia/v1` (the seed's paths). So far
/// its accounts (`/users/upsert`) and each user's household profile (`/households/…`); another
/// user's household is indistinguishable from a missing one.
public struct ZiaApp: AppModule {
    public static let id = AppID.zia
    public static var apiRoot: APIRoot { ZiaRoutes.root }
    public static var routes: [RouteShape] { ZiaRoutes.all }
    public static let migrations = [ZiaSchema.migrations]
    public static var settingKeys: [SettingKey] { [] }
    public static func configuration(from settings: Settings) throws -> ZiaConfiguration { ZiaConfiguration() }

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
    /// The shipped recipes and knowledge base as a vector corpus (the assistant's retrievers and `/rag/search`).
    public let corpus: CorpusIndex
    let memorySearch: MemorySearch

    public init(database: any Database, clock: any TimeSource, accounts: AccountRepository, vectors: any VectorIndex, embedder: any Embedder, logger: Logger) {
        users = ZiaUserRepository(database: database, clock: clock)
        households = HouseholdRepository(database: database, clock: clock)
        self.accounts = accounts
        corpus = CorpusIndex(database: database, vectors: vectors, embedder: embedder, logger: logger)
        memorySearch = MemorySearch(database: database, vectors: vectors, embedder: embedder)
    }

    public init(platform: PlatformServices, configuration: ZiaConfiguration) throws {
        self.init(
            database: platform.database, clock: platform.clock, accounts: platform.accounts, vectors: platform.vectors, embedder: platform.embedder,
            logger: platform.logger)
    }

    public func addRoutes(to routes: AppRoutes) {
        let api = routes.api(ZiaRoutes.root)
        ZiaUsersController(service: ZiaUserService(users: users, accounts: accounts)).addRoutes(to: api)
        HouseholdsController(households: households).addRoutes(to: api)
        RAGSearchController(corpus: corpus, memories: memorySearch).addRoutes(to: api)
    }

    /// The corpus's recipes and articles, kept embedded by the platform's backfill (after an embedder switch too).
    public var embeddingSources: [any EmbeddingSource] { corpus.embeddingSources }

    public var exporter: any AppDataExporter { ZiaExporter(users: users, households: households) }
}

/// Zia's part of a user's data export: its account row (the time zone is in the export's
/// notification preferences) and the stored household profile (null when none is stored).
public struct ZiaExporter: AppDataExporter {
    let users: ZiaUserRepository
    let households: HouseholdRepository

    struct Document: Encodable {
        var user: ZiaUserRepository.Row?
        var household: HouseholdProfile?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeNullable(user, forKey: .user, in: encoder)
            try container.encodeNullable(household, forKey: .household, in: encoder)
        }
        enum CodingKeys: String, CodingKey { case user, household }
    }

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        AnyEncodable(Document(user: try await users.find(user), household: try await households.profile(of: user)))
    }
}
