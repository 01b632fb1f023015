import AppPlatform
import AppServer
import Auth
import Example
import Foundation
import Persistence
import PlatformCore
import TestSupport
import Testing

/// Every hosted app's route table, three ways: the routes its contract declares (with the
/// platform's), the routes the server registers under its prefix, and the operations its served
/// OpenAPI document lists are one and the same set. A route added on one side only fails here.
@Suite("Route tables", .timeLimit(.minutes(3)))
struct RouteTableTests {
    /// `METHOD /path` with `{}` for every parameter, so parameter names do not matter.
    static func normalized(_ method: String, _ path: String) -> String {
        let parts = OpenAPICoverage.openAPIPath(path).split(separator: "/").map { $0.hasPrefix("{") ? "{}" : String($0) }
        return "\(method) /" + parts.joined(separator: "/")
    }

    static func declared(_ app: any AppModule.Type) -> Set<String> {
        let shapes = app.routes + PlatformRoutes(root: app.apiRoot).all(passwordAccounts: app.passwordAccounts)
        return Set(shapes.map { normalized($0.method.rawValue, $0.path) })
    }

    /// The apps the tests mount beside the hosted ones: Memo and the scaffold's example (both at `/v1`).
    static let testApps: [any AppModule.Type] = [MemoApp.self, ExampleApp.self]

    @Test(
        "contract, server and document agree for every hosted app, for the test app Memo at a /v1 root and for the scaffold's example",
        arguments: (hostedApps + testApps).map { AppTableCase($0) })
    func contractServerAndDocumentAgree(_ app: AppTableCase) async throws {
        let type = app.type
        let registered = try await withServer(.sqlite, configure: { $0.apps = [type.id] }, dependencies: .init(extraModules: Self.testApps)) { _, server in
            Set(server.routes.filter { $0.method != "HEAD" && $0.path.hasPrefix(type.id.pathPrefix + "/") }.map { Self.normalized($0.method, $0.path) })
        }
        let document = try type.servedOpenAPIDocument()
        let documented = Set(
            document.operations.map { operation in
                let parts = operation.split(separator: " ", maxSplits: 1)
                return Self.normalized(String(parts[0]), String(parts[1]))
            })
        let declared = Self.declared(type)
        #expect(declared.count > 10)
        #expect(declared.contains(Self.normalized("GET", type.apiRoot.prefix + "/users/me/notification-preferences")), "the account routes follow the app's root")
        #expect(registered.subtracting(declared).isEmpty, "registered but not in the contract: \(registered.subtracting(declared).sorted())")
        #expect(declared.subtracting(registered).isEmpty, "in the contract but not registered: \(declared.subtracting(registered).sorted())")
        #expect(documented.subtracting(declared).isEmpty, "documented but not in the contract: \(documented.subtracting(declared).sorted())")
        #expect(declared.subtracting(documented).isEmpty, "in the contract but not documented: \(declared.subtracting(documented).sorted())")
    }

    @Test("a route names its path, parameter and status once")
    func routeValues() {
        let route = Route<TypedID<TestEntity>, NoBody, NoContent>(.delete, .api(AppID.knot, "/v1"), "/things/{id}")
        let id = TypedID<TestEntity>()
        #expect(route.endpoint(id) == Endpoint(.delete, "/knot/v1/things/\(id)"))
        #expect(route.status == 204)
        #expect(route.shape.path == "/knot/v1/things/{id}")
        #expect(route.shape.match(.delete, "/knot/v1/things/abc") == "abc")
        #expect(route.shape.match(.get, "/knot/v1/things/abc") == nil)
        #expect(route.shape.match(.delete, "/knot/v1/things/abc/more") == nil)
        #expect(RouteTemplate.routerPath("/things/{id}/x") == "/things/:id/x")
        #expect(Route<NoParameter, NoBody, String>(.post, .api(AppID.knot), "/things", status: 201).status == 201)
    }
}

enum TestEntity: NamedEntity {
    static var entityName: String { "Thing" }
    static var notFoundCode: String { "thing_not_found" }
}

/// One hosted app as a test argument.
struct AppTableCase: Sendable, CustomTestStringConvertible {
    let type: any AppModule.Type
    init(_ type: any AppModule.Type) { self.type = type }
    var testDescription: String { type.id.rawValue }
}

@Suite("Per-app API roots", .timeLimit(.minutes(3)))
struct APIRootTests {
    @Test("an app at /v1 serves its routes and the platform's account routes there, sign-in under /<app>/auth, and nothing under /<app>/api/v1")
    func appAtV1() async throws {
        try await withServer(.sqlite, configure: { $0.apps = [MemoApp.id] }, dependencies: .init(extraModules: [MemoApp.self])) { client, _ in
            let user = try await client.signIn(app: "memo")
            let routes = PlatformRoutes(root: MemoApp.apiRoot)
            #expect(routes.notificationPreferences.endpoint.path == "/memo/v1/users/me/notification-preferences")
            #expect(try await client.send(.get, routes.notificationPreferences.endpoint.path, token: user.accessToken).status == .ok)
            #expect(try await client.send(.get, "/memo/api/v1/users/me/notification-preferences", token: user.accessToken).status == .notFound)
            #expect(try await client.send(.post, MemoApp.Routes.create.endpoint.path, token: user.accessToken, json: ["text": "at v1"]).status == .created)
            #expect(try await client.send(.get, MemoApp.Routes.list.endpoint.path).status == .unauthorized, "the root is behind the bearer token")
            #expect(try await client.send(.get, MemoApp.Routes.hello.endpoint.path).status == .ok, "open routes need none")
        }
    }

    @Test("a document composed for another root than the app declares is refused")
    func documentRootMustMatch() throws {
        #expect(throws: OpenAPIDocument.Invalid.self) { try WrongRootApp.servedOpenAPIDocument() }
    }
}

/// Declares `/v1` but composes its document for `/api/v1`.
struct WrongRootApp: AppModule {
    struct Configuration: Sendable {}
    static let id = AppID("wrongroot")
    static let settingKeys: [SettingKey] = []
    static let migrations: [MigrationSet] = []
    static var apiRoot: APIRoot { .api(id, "/v1") }
    static var routes: [RouteShape] { [] }
    static func configuration(from settings: Settings) throws -> Configuration { Configuration() }
    static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(app: id.rawValue, title: "Wrong root", version: "1", fragment: #"{"paths": {}}"#)
    }
    init(platform: PlatformServices, configuration: Configuration) throws {}
    func addRoutes(to routes: AppRoutes) {}
    var exporter: any AppDataExporter { PasswordOnlyApp.NothingExporter() }
}
