import AppPlatform
import AppServer
import Auth
import Foundation
import HTTPTypes
import Persistence
import PlatformCore
import TestSupport
import Testing

/// An app whose tokens live as FareLens's seed asks (1 h access, 7 days refresh), declared by the
/// module, with password accounts so every way of signing in is covered.
struct ShortSessionApp: AppModule {
    struct Configuration: Sendable {}
    static let id = AppID("shortsession")
    static let settingKeys: [SettingKey] = []
    static let migrations: [MigrationSet] = []
    static var passwordAccounts: Bool { true }
    static var tokenLifetimes: TokenLifetimes? { TokenLifetimes(access: 3600, refresh: 7 * 86400) }
    static func configuration(from settings: Settings) throws -> Configuration { Configuration() }
    static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(app: id.rawValue, title: "Short sessions API", version: "1.0.0", fragment: #"{"paths": {}}"#)
    }

    init(platform: PlatformServices, configuration: Configuration) {}
    static var routes: [RouteShape] { [] }
    func addRoutes(to routes: AppRoutes) {}
    var exporter: any AppDataExporter { PasswordOnlyApp.NothingExporter() }
}

/// Issue 31 §2: access and refresh token lifetimes per app (declared by the module or set in its
/// configuration scope), the platform's defaults for every other app; through the HTTP API.
@Suite("Per-app token lifetimes", .timeLimit(.minutes(3)))
struct TokenLifetimeTests {
    static let day: TimeInterval = 86400

    /// `exp - iat` of an access token, read from its payload.
    static func lifetime(ofAccessToken token: String) throws -> Int {
        let parts = token.split(separator: ".")
        try #require(parts.count == 3)
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let data = try #require(Data(base64Encoded: base64))
        let payload = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let exp = try #require(payload["exp"] as? Int)
        let iat = try #require(payload["iat"] as? Int)
        return exp - iat
    }

    /// Checks a token pair answer: status 200, `expires_in` and the access token's own lifetime.
    static func expectPair(_ response: APIResponse, access: Int, _ comment: Comment) throws -> String {
        #expect(response.status == .ok, "\(comment): \(response.text)")
        #expect(response.json["expires_in"] as? Int == access, comment)
        let token = try #require(response.json["access_token"] as? String)
        #expect(try lifetime(ofAccessToken: token) == access, comment)
        return try #require(response.json["refresh_token"] as? String)
    }

    static func refresh(_ client: TestClient, _ app: String, _ token: String) async throws -> APIResponse {
        try await client.send(.post, "/\(app)/auth/refresh", json: ["refresh_token": token])
    }

    static let dependencies = ServerDependencies(extraModules: [ShortSessionApp.self], passwordHasher: PasswordHasher(parameters: .init(n: 1 << 6, r: 8, p: 1)))

    @Test(
        "an app declaring 1 h / 7 days issues them on dev sign-in, password login and refresh; the refresh token expires after 7 days while the platform's apps keep 15 min / 30 days",
        arguments: TestDatabase.allCases)
    func declaredByTheModule(_ database: TestDatabase) async throws {
        let clock = TestClock()
        var dependencies = Self.dependencies
        dependencies.clock = clock
        try await withServer(database, configure: { $0.apps = [.knot, AppID("vibekeeper"), ShortSessionApp.id] }, dependencies: dependencies) { client, _ in
            let app = ShortSessionApp.id.rawValue
            let dev = try Self.expectPair(try await client.send(.post, "/\(app)/auth/dev", json: ["email": "short@example.com"]), access: 3600, "dev sign-in")
            let email = "pw-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let registered = try await client.send(.post, "/\(app)/api/v1/auth/register", json: ["email": email, "name": "Ana", "password": "correct horse"])
            #expect(registered.status == .created, "\(registered.text)")
            let login = try await client.send(.post, "/\(app)/api/v1/auth/login", json: ["email": email, "password": "correct horse"])
            let password = try Self.expectPair(login, access: 3600, "password login")
            let vibeKeeper = try Self.expectPair(try await client.send(.post, "/vibekeeper/auth/dev", json: ["email": "vk@example.com"]), access: 900, "the platform's default")

            // A day later the pair rotates: the new access token lives an hour, the new refresh token 7 days from now.
            clock.advance(by: Self.day)
            let rotated = try Self.expectPair(try await Self.refresh(client, app, dev), access: 3600, "refresh")

            // 7 days and a minute after sign-in: the unused password session's refresh token has expired;
            // the rotated one (issued a day later) and the platform app's (30 days) have not.
            clock.advance(by: 6 * Self.day + 60)
            let expired = try await Self.refresh(client, app, password)
            #expect(expired.status == .unauthorized && expired.errorCode == "refresh_token_expired", "\(expired.text)")
            #expect(expired.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            let stillLive = try Self.expectPair(try await Self.refresh(client, app, rotated), access: 3600, "the rotated token")
            _ = try Self.expectPair(try await Self.refresh(client, "vibekeeper", vibeKeeper), access: 900, "the platform's refresh lifetime")

            // The token rotated at day 7 (and a minute) lives 7 days: gone a minute after.
            clock.advance(by: 7 * Self.day + 60)
            #expect(try await Self.refresh(client, app, stillLive).errorCode == "refresh_token_expired")
        }
    }

    @Test(
        "<APP>_ACCESS_TOKEN_TTL_SECONDS and <APP>_REFRESH_TOKEN_TTL_SECONDS set one app's lifetimes; the other app and the platform keys are untouched",
        arguments: TestDatabase.allCases)
    func setInTheAppsScope(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await withServer(
            database,
            configure: {
                $0.appOverrides["KNOT_ACCESS_TOKEN_TTL_SECONDS"] = "120"
                $0.appOverrides["KNOT_REFRESH_TOKEN_TTL_SECONDS"] = "3600"
            }, dependencies: .init(clock: clock)
        ) { client, _ in
            let knot = try Self.expectPair(try await client.send(.post, "/knot/auth/dev", json: ["email": "k@example.com"]), access: 120, "Knot's own")
            let vibeKeeper = try Self.expectPair(try await client.send(.post, "/vibekeeper/auth/dev", json: ["email": "v@example.com"]), access: 900, "VibeKeeper's default")
            clock.advance(by: 3600 + 1)
            #expect(try await Self.refresh(client, "knot", knot).errorCode == "refresh_token_expired")
            _ = try Self.expectPair(try await Self.refresh(client, "vibekeeper", vibeKeeper), access: 900, "VibeKeeper's refresh")
        }
    }

    @Test("an app's lifetime outside the platform's bounds stops the server before it starts, naming the key")
    func outOfRange() throws {
        #expect {
            try ServerConfiguration.load(environment: ["KNOT_ACCESS_TOKEN_TTL_SECONDS": "5"])
        } throws: { error in
            (error as? ServerConfiguration.Invalid)?.description.contains("KNOT_ACCESS_TOKEN_TTL_SECONDS") == true
        }
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: ["VIBEKEEPER_REFRESH_TOKEN_TTL_SECONDS": "forever"]) }
    }
}
