import AppPlatform
import AppServer
import Foundation
import TestSupport
import Zia
import ZiaAPI

/// The server with only Zia enabled, for Zia's API tests.
enum ZiaServer {
    /// Mounted by `hostedApps`; listed here too should the app ever be unhosted.
    static let modules: [any AppModule.Type] = hostedApps.contains { $0.id == ZiaApp.id } ? [] : [ZiaApp.self]

    static func with<T: Sendable>(_ database: TestDatabase, _ body: @Sendable (TestSupport.APIClient, ServerComponents) async throws -> T) async throws -> T {
        try await withServer(database, configure: { $0.apps = [ZiaApp.id] }, dependencies: .init(extraModules: modules)) { client, server in
            try await body(client, server)
        }
    }

    static var upsertUser: String { ZiaRoutes.upsertUser.endpoint.path }
    static var upsertHousehold: String { ZiaRoutes.upsertHousehold.endpoint.path }
    static func household(_ user: String) -> String { ZiaRoutes.root.prefix + "/households/by_user/" + user }
}
