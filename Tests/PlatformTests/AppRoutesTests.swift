import AppPlatform
import Auth
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PlatformCore
import Testing

/// `AppRoutes` gives each root its own group, so the authentication of an authenticated root never
/// reaches the app's open routes, even when the authenticated root is the app's prefix itself.
@Suite("App route groups")
struct AppRoutesTests {
    /// Stands in for the bearer middleware: refuses everything it sees.
    struct RefuseAll<Context: RequestContext>: RouterMiddleware {
        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            throw APIError(.unauthorized, code: "refused", message: "No token.", headers: [.wwwAuthenticate: "Bearer"])
        }
    }

    static let app = AppID("grouped")
    static let secret = Route<NoParameter, NoBody, String>(.get, .api(app, ""), "/secret")
    static let page = Route<NoParameter, NoBody, String>(.get, .open(app), "/page")

    @Test("an authenticated root at the app's prefix leaves open routes registered after it open")
    func emptyAuthenticatedRoot() async throws {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        let routes = AppRoutes(app: Self.app, prefix: router.group(RouterPath(Self.app.rawValue))) { group in
            group.add(middleware: RefuseAll()).group(context: AuthenticatedContext.self)
        }
        routes.api(Self.secret.root).on(Self.secret) { _, _, _ in "secret" }
        routes.open(Self.page.root).on(Self.page) { _, _, _ in "page" }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: Self.page.endpoint.path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "page")
            }
            try await client.execute(uri: Self.secret.endpoint.path, method: .get) { response in
                #expect(response.status == .unauthorized)
            }
        }
    }
}
