import AppPlatform
import AppServer
import Auth
import Foundation
import HTTPTypes
import PlatformCore
import TestSupport
import Testing

/// Issue 30, 12a: one spelling of `token_type` — RFC 6750's `Bearer` — on every route of every app
/// that issues a token pair. The routes are found in the apps' served OpenAPI documents (every
/// operation answering the platform's `Tokens` response), so a token route added later is walked
/// too, and checked against the routes the server registered.
@Suite("token_type on every token route", .timeLimit(.minutes(3)))
struct TokenTypeTests {
    static let appleIssuer = "https://appleid.apple.com"
    static let googleIssuer = "https://accounts.google.com"

    /// `POST /<app>/…` of every operation whose 200 is `#/components/responses/Tokens`.
    static func documentedTokenRoutes(_ client: TestClient, app: AppID) async throws -> Set<String> {
        let served = try await client.send(.get, "/\(app.rawValue)/openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: served.body) as? [String: Any])
        var routes = Set<String>()
        for (path, item) in document["paths"] as? [String: Any] ?? [:] {
            for (method, operation) in item as? [String: Any] ?? [:] {
                let ok = ((operation as? [String: Any])?["responses"] as? [String: Any])?["200"] as? [String: Any]
                if ok?["$ref"] as? String == "#/components/responses/Tokens" { routes.insert("\(method.uppercased()) /\(app.rawValue)\(path)") }
            }
        }
        return routes
    }

    @Test("every token-issuing route of every app answers token_type Bearer (sign-in by Apple, Google, development, password; both refreshes)")
    func everyTokenRouteSaysBearer() async throws {
        try await withLocalJWKS { jwks in
            let key = try await TestRSAKey(kid: "token-type")
            jwks.publish([key])
            let apps = ServerConfiguration.implementedApps + [PasswordOnlyApp.id]
            try await withServer(
                .sqlite,
                configure: { configuration in
                    configuration.apps = apps
                    configuration.appleJWKSURL = jwks.url
                    configuration.googleJWKSURL = jwks.url
                    for app in apps {
                        configuration.signInClientIDs.apple[app] = ["apple.\(app.rawValue)"]
                        configuration.signInClientIDs.google[app] = ["google.\(app.rawValue)"]
                    }
                },
                dependencies: ServerDependencies(extraModules: [PasswordOnlyApp.self], passwordHasher: PasswordAccountsTests.cheap)
            ) { client, server in
                var walked = Set<String>()
                for app in apps {
                    let documented = try await Self.documentedTokenRoutes(client, app: app)
                    // The router's POST routes under /auth that the document calls token routes: the same set.
                    let registered = Set(server.routes.map { "\($0.method) \(OpenAPICoverage.openAPIPath($0.path))" }).filter { documented.contains($0) }
                    #expect(registered == documented, "\(app.rawValue): documented \(documented.sorted()), registered \(registered.sorted())")
                    for route in documented.sorted() {
                        let response = try await Self.exercise(route, app: app, client: client, key: key)
                        #expect(response.status == .ok, "\(route): \(response.status) \(response.text)")
                        #expect(response.json["token_type"] as? String == "Bearer", "\(route): \(response.text)")
                        walked.insert(route)
                    }
                }
                // Every app has the shared sign-in routes; VibeKeeper and the test app add the password ones.
                for app in apps {
                    for name in ["apple", "google", "dev", "refresh"] { #expect(walked.contains("POST /\(app.rawValue)/auth/\(name)"), "\(app.rawValue) \(name)") }
                }
                for app in ["vibekeeper", PasswordOnlyApp.id.rawValue] {
                    for name in ["login", "refresh"] { #expect(walked.contains("POST /\(app)/api/v1/auth/\(name)"), "\(app) \(name)") }
                }
            }
        }
    }

    @Test("the pair the SDKs decode accepts token_type in either letter case (older servers said bearer on password sign-in)")
    func clientsAcceptEitherSpelling() throws {
        for spelling in ["Bearer", "bearer"] {
            let json = #"{"access_token":"a","refresh_token":"r","token_type":"\#(spelling)","expires_in":900,"user_id":"u"}"#
            #expect(try JSONDecoder().decode(TokenPair.self, from: Data(json.utf8)).tokenType == spelling)
        }
        #expect(TokenPair(accessToken: "a", refreshToken: "r", expiresIn: 1, userId: "u").tokenType == "Bearer")
    }

    /// Gets a token pair from `route` (200 expected).
    static func exercise(_ route: String, app: AppID, client: TestClient, key: TestRSAKey) async throws -> APIResponse {
        let path = String(route.dropFirst("POST ".count))
        let email = "tt-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        switch path {
        case "/\(app.rawValue)/auth/dev":
            return try await client.send(.post, path, json: ["email": email])
        case "/\(app.rawValue)/auth/apple", "/\(app.rawValue)/auth/google":
            let apple = path.hasSuffix("apple")
            let claims = TestIDTokenClaims(
                iss: apple ? appleIssuer : googleIssuer, sub: UUID().uuidString, aud: [apple ? "apple.\(app.rawValue)" : "google.\(app.rawValue)"],
                exp: Date().addingTimeInterval(600), email: email)
            return try await client.send(.post, path, json: ["id_token": try await key.sign(claims)])
        case "/\(app.rawValue)/auth/refresh":
            let user = try await client.signIn(email, app: app.rawValue)
            return try await client.send(.post, path, json: ["refresh_token": user.refreshToken])
        case "/\(app.rawValue)/api/v1/auth/login", "/\(app.rawValue)/api/v1/auth/refresh":
            let registered = try await client.send(
                .post, "/\(app.rawValue)/api/v1/auth/register", json: ["email": email, "name": "T", "password": "correct horse"])
            guard registered.status == .created else { throw TestFailure("register: \(registered.status) \(registered.text)") }
            let login = try await client.send(.post, "/\(app.rawValue)/api/v1/auth/login", json: ["email": email, "password": "correct horse"])
            guard path.hasSuffix("refresh") else { return login }
            let refreshToken = try #require(login.json["refresh_token"] as? String)
            return try await client.send(.post, path, json: ["refresh_token": refreshToken])
        default:
            throw TestFailure("\(route) issues tokens but this test does not know how to call it: teach exercise(_:) the route")
        }
    }
}
