import AppPlatform
import Auth
import FareLensAPI
import Foundation
import Logging
import Observability
import Persistence
import PlatformCore

/// FareLens's settings (`FARELENS_…`): so far the flight providers' credentials.
public struct FareLensConfiguration: Sendable {
    public var flightProviders = FlightProviderConfiguration()
    public var search = FlightSearchSettings()

    public init() {}

    public init(settings: Settings) throws {
        flightProviders = try FlightProviderConfiguration(settings: settings)
        search = try FlightSearchSettings(settings: settings)
    }
}

/// FareLens as a tenant of the platform: flight deals for each user under `/farelens` (the seed's
/// `/v2/shopping/…` paths) and `/farelens/v1`, another user's objects indistinguishable from missing
/// ones. Its tokens live as the seed says: access 1 hour, refresh 7 days.
public struct FareLensApp: AppModule {
    public static let id = AppID.farelens
    public static var apiRoot: APIRoot { FareLensRoutes.root }
    public static var routes: [RouteShape] { FareLensRoutes.all }
    public static let migrations = [FareLensSchema.migrations]
    public static var settingKeys: [SettingKey] { FlightProviderConfiguration.keys + FlightSearchSettings.keys }
    /// The seed's "JWT session tokens (1-hour expiry, 7-day refresh)".
    public static var tokenLifetimes: TokenLifetimes? { TokenLifetimes(access: 3600, refresh: 7 * 86_400) }
    public static func configuration(from settings: Settings) throws -> FareLensConfiguration { try FareLensConfiguration(settings: settings) }

    /// The platform's routes plus `OpenAPI/farelens.openapi.json` and one fragment per part.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        let parts: [(name: String, json: [UInt8])] = [
            ("farelens-airports.openapi.json", PackageResources.farelens_airports_openapi_json)
        ]
        // The search fragment's paths are under the prefix (it holds the /v2 route), so it is added last.
        return try parts.reduce(
            OpenAPIDocument(
                app: id.rawValue, apiRoot: apiRoot.path, otherAPIRoots: [FareLensRoutes.v2.path], title: "FareLens API", version: "1.0.0",
                fragment: String(decoding: PackageResources.farelens_openapi_json, as: UTF8.self))
        ) { document, part in try document.adding(String(decoding: part.json, as: UTF8.self), app: id.rawValue, name: part.name) }
        .adding(String(decoding: PackageResources.farelens_search_openapi_json, as: UTF8.self), app: id.rawValue, name: "farelens-search.openapi.json", under: "")
    }

    public let accounts: FareLensAccountRepository
    /// Flight search: cache, quota, providers (Search/, Quota/).
    public let search: FlightSearchService
    let searchLimiter: RateLimiter
    let clock: any TimeSource
    /// Whether `POST /dev/tier` answers (development servers).
    let isDevelopment: Bool

    public init(
        database: any Database, clock: any TimeSource, isDevelopment: Bool = false, configuration: FareLensConfiguration = FareLensConfiguration(),
        metrics: MetricsRegistry = MetricsRegistry(), logger: Logger = Logger(label: "farelens")
    ) {
        accounts = FareLensAccountRepository(database: database, clock: clock)
        self.clock = clock
        self.isDevelopment = isDevelopment
        search = FlightSearchService(
            cache: FlightSearchCache(database: database, clock: clock),
            quota: QuotaLedger(database: database, clock: clock, policies: FlightProviderChain.policies(configuration.search), metrics: metrics, logger: logger),
            providers: FlightProviderChain.providers(configuration.flightProviders, settings: configuration.search, clock: clock), clock: clock, logger: logger)
        searchLimiter = RateLimiter(capacity: configuration.search.searchesPerMinutePerUser, per: 60, clock: clock)
    }

    public init(platform: PlatformServices, configuration: FareLensConfiguration) throws {
        self.init(
            database: platform.database, clock: platform.clock, isDevelopment: platform.isDevelopment, configuration: configuration, metrics: platform.metrics,
            logger: platform.logger)
    }

    public func addRoutes(to routes: AppRoutes) {
        let api = routes.api(FareLensRoutes.root)
        // Accounts and tiers.
        FareLensAccountController(accounts: accounts, allowsDevTier: isDevelopment).addRoutes(to: api)
        // Airports: autocomplete over the shipped table (Airports/), read on the first request.
        AirportsController().addRoutes(to: api)
        FlightSearchController(service: search, limiter: searchLimiter, clock: clock).addRoutes(v1: api, v2: routes.api(FareLensRoutes.v2))
    }

    public var exporter: any AppDataExporter { FareLensExporter(accounts: accounts) }
}

/// FareLens's part of a user's data export: their account (tier, trial).
public struct FareLensExporter: AppDataExporter {
    let accounts: FareLensAccountRepository

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        AnyEncodable(["account": try await accounts.account(for: user)])
    }
}
