import AppPlatform
import Auth
import Foundation
import Persistence
import PlatformCore
import __App__API

/// __App__ as a tenant of the platform (written by `scripts/new-app`): each user's items under
/// `/__app__/v1`, another user's indistinguishable from a missing one.
public struct __App__App: AppModule {
    public static let id = AppID.__app__
    public static var apiRoot: APIRoot { __App__Routes.root }
    public static var routes: [RouteShape] { __App__Routes.all }
    public static let migrations = [__App__Schema.migrations]
    public static var settingKeys: [SettingKey] { [] }
    public static func configuration(from settings: Settings) throws -> __App__Configuration { __App__Configuration() }

    /// The platform's routes plus `OpenAPI/__app__.openapi.json`.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(
            app: id.rawValue, apiRoot: apiRoot.path, title: "__App__ API", version: "1.0.0",
            fragment: String(decoding: PackageResources.__app___openapi_json, as: UTF8.self))
    }

    public let items: __App__ItemRepository
    let cursorSecret: Data

    public init(database: any Database, clock: any TimeSource, cursorSecret: Data) {
        items = __App__ItemRepository(database: database, clock: clock)
        self.cursorSecret = cursorSecret
    }

    public init(platform: PlatformServices, configuration: __App__Configuration) throws {
        self.init(database: platform.database, clock: platform.clock, cursorSecret: platform.serverSecret)
    }

    public func addRoutes(to routes: AppRoutes) {
        __App__ItemsController(items: items, cursorSecret: cursorSecret).addRoutes(to: routes.api(__App__Routes.root))
    }

    public var exporter: any AppDataExporter { __App__Exporter(items: items) }
}
