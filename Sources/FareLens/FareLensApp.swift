import AppPlatform
import Auth
import FareLensAPI
import Foundation
import Persistence
import PlatformCore

/// FareLens's settings (`FARELENS_…`): so far the flight providers' credentials.
public struct FareLensConfiguration: Sendable {
    public var flightProviders = FlightProviderConfiguration()

    public init() {}

    public init(settings: Settings) throws {
        flightProviders = try FlightProviderConfiguration(settings: settings)
    }
}

/// FareLens as a tenant of the platform (written by `scripts/new-app`): each user's items under
/// `/farelens/v1`, another user's indistinguishable from a missing one.
public struct FareLensApp: AppModule {
    public static let id = AppID.farelens
    public static var apiRoot: APIRoot { FareLensRoutes.root }
    public static var routes: [RouteShape] { FareLensRoutes.all }
    public static let migrations = [FareLensSchema.migrations]
    public static var settingKeys: [SettingKey] { FlightProviderConfiguration.keys }
    public static func configuration(from settings: Settings) throws -> FareLensConfiguration { try FareLensConfiguration(settings: settings) }

    /// The platform's routes plus `OpenAPI/farelens.openapi.json`.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(
            app: id.rawValue, apiRoot: apiRoot.path, title: "FareLens API", version: "1.0.0",
            fragment: String(decoding: PackageResources.farelens_openapi_json, as: UTF8.self))
    }

    public let items: FareLensItemRepository

    public init(database: any Database, clock: any TimeSource) {
        items = FareLensItemRepository(database: database, clock: clock)
    }

    public init(platform: PlatformServices, configuration: FareLensConfiguration) throws {
        self.init(database: platform.database, clock: platform.clock)
    }

    public func addRoutes(to routes: AppRoutes) {
        FareLensItemsController(items: items).addRoutes(to: routes.api(FareLensRoutes.root))
    }

    public var exporter: any AppDataExporter { FareLensExporter(items: items) }
}

/// FareLens's part of a user's data export: their items.
public struct FareLensExporter: AppDataExporter {
    let items: FareLensItemRepository

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        AnyEncodable(["items": try await items.all(for: user)])
    }
}
