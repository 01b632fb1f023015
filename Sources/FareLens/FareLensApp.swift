import AppPlatform
import Auth
import FareLensAPI
import Foundation
import Persistence
import PlatformCore

/// FareLens's settings (`FARELENS_…`). None yet: the app runs on the platform's settings alone.
public struct FareLensConfiguration: Sendable {
    public init() {}
}

/// FareLens as a tenant of the platform (written by `scripts/new-app`): each user's items under
/// `/farelens/v1`, another user's indistinguishable from a missing one.
public struct FareLensApp: AppModule {
    public static let id = AppID.farelens
    public static var apiRoot: APIRoot { FareLensRoutes.root }
    public static var routes: [RouteShape] { FareLensRoutes.all }
    public static let migrations = [FareLensSchema.migrations]
    public static var settingKeys: [SettingKey] { [] }
    public static func configuration(from settings: Settings) throws -> FareLensConfiguration { FareLensConfiguration() }

    /// The platform's routes plus `OpenAPI/farelens.openapi.json` and one fragment per part.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        let parts: [(name: String, json: [UInt8])] = [
            ("farelens-airports.openapi.json", PackageResources.farelens_airports_openapi_json)
        ]
        return try parts.reduce(
            OpenAPIDocument(
                app: id.rawValue, apiRoot: apiRoot.path, title: "FareLens API", version: "1.0.0",
                fragment: String(decoding: PackageResources.farelens_openapi_json, as: UTF8.self))
        ) { document, part in try document.adding(String(decoding: part.json, as: UTF8.self), app: id.rawValue, name: part.name) }
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
        // Airports: autocomplete over the shipped table (Airports/), read on the first request.
        AirportsController().addRoutes(to: routes.api(FareLensRoutes.root))
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
