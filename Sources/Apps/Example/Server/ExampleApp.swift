import AppPlatform
import Auth
import ExampleAPI
import Foundation
import Persistence
import PlatformCore

/// Example as a tenant of the platform (written by `scripts/new-app`): each user's items under
/// `/example/v1`, another user's indistinguishable from a missing one.
public struct ExampleApp: AppModule {
    public static let id = AppID.example
    public static var apiRoot: APIRoot { ExampleRoutes.root }
    public static var routes: [RouteShape] { ExampleRoutes.all }
    public static let migrations = [ExampleSchema.migrations]
    public static var settingKeys: [SettingKey] { [] }
    public static func configuration(from settings: Settings) throws -> ExampleConfiguration { ExampleConfiguration() }

    /// The platform's routes plus `OpenAPI/example.openapi.json`.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(
            app: id.rawValue, apiRoot: apiRoot.path, title: "Example API", version: "1.0.0",
            fragment: String(decoding: PackageResources.example_openapi_json, as: UTF8.self))
    }

    public let items: ExampleItemRepository
    let cursorSecret: Data

    public init(database: any Database, clock: any TimeSource, cursorSecret: Data) {
        items = ExampleItemRepository(database: database, clock: clock)
        self.cursorSecret = cursorSecret
    }

    public init(platform: PlatformServices, configuration: ExampleConfiguration) throws {
        self.init(database: platform.database, clock: platform.clock, cursorSecret: platform.serverSecret)
    }

    public func addRoutes(to routes: AppRoutes) {
        ExampleItemsController(items: items, cursorSecret: cursorSecret).addRoutes(to: routes.api(ExampleRoutes.root))
    }

    public var exporter: any AppDataExporter { ExampleExporter(items: items) }
}
