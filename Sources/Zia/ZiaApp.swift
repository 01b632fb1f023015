import AppPlatform
import Auth
import Foundation
import Persistence
import PlatformCore
import ZiaAPI

/// Zia's settings (`ZIA_…`). None yet: the app runs on the platform's settings alone.
public struct ZiaConfiguration: Sendable {
    public init() {}
}

/// Zia as a tenant of the platform (written by `scripts/new-app`): each user's items under
/// `/zia/v1`, another user's indistinguishable from a missing one.
public struct ZiaApp: AppModule {
    public static let id = AppID.zia
    public static var apiRoot: APIRoot { ZiaRoutes.root }
    public static var routes: [RouteShape] { ZiaRoutes.all }
    public static let migrations = [ZiaSchema.migrations]
    public static var settingKeys: [SettingKey] { [] }
    public static func configuration(from settings: Settings) throws -> ZiaConfiguration { ZiaConfiguration() }

    /// The platform's routes plus `OpenAPI/zia.openapi.json`.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(
            app: id.rawValue, apiRoot: apiRoot.path, title: "Zia API", version: "1.0.0",
            fragment: String(decoding: PackageResources.zia_openapi_json, as: UTF8.self))
    }

    public let items: ZiaItemRepository

    public init(database: any Database, clock: any TimeSource) {
        items = ZiaItemRepository(database: database, clock: clock)
    }

    public init(platform: PlatformServices, configuration: ZiaConfiguration) throws {
        self.init(database: platform.database, clock: platform.clock)
    }

    public func addRoutes(to routes: AppRoutes) {
        ZiaItemsController(items: items).addRoutes(to: routes.api(ZiaRoutes.root))
    }

    public var exporter: any AppDataExporter { ZiaExporter(items: items) }
}

/// Zia's part of a user's data export: their items.
public struct ZiaExporter: AppDataExporter {
    let items: ZiaItemRepository

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        AnyEncodable(["items": try await items.all(for: user)])
    }
}
