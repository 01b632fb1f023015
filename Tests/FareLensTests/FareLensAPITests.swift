import AppPlatform
import AppServer
import Auth
import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import TestSupport
import Testing

/// FareLens's accounts and tiers through the HTTP API, on both databases.
@Suite("FareLens accounts and tiers", .timeLimit(.minutes(3)))
struct FareLensAPITests {
    /// The server with only FareLens enabled.
    static func withFareLens<T: Sendable>(
        _ database: TestDatabase, configure: @escaping (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (TestClient) async throws -> T
    ) async throws -> T {
        try await withServer(
            database,
            configure: {
                $0.apps = [FareLensApp.id]
                configure(&$0)
            }
        ) { client, _ in
            try await body(client)
        }
    }

    @Test("a new user is free without a trial; dev/tier switches the tier and the entitlements follow; the export holds it", arguments: TestDatabase.allCases)
    func tiers(_ database: TestDatabase) async throws {
        try await Self.withFareLens(database) { client in
            let user = try await client.signIn(app: "farelens")
            let me = try await client.send(.get, FareLensRoutes.me.endpoint.path, token: user.accessToken)
            #expect(me.status == .ok, "\(me.text)")
            let free = try me.decode(FareLensAccount.self)
            #expect(free.tier == .free && free.trialEndsAt == nil && free.userID.uuidString.lowercased() == user.userID.lowercased())
            #expect(
                free.entitlements
                    == FareLensEntitlements(maxWatchlists: 2, maxPreferredAirports: 1, watchlistChecksPerDay: 1, immediateAlertsPerDay: 3, quotaPriority: .freeWatchlist))
            #expect(me.json["entitlements"].flatMap { ($0 as? [String: Any])?["max_watchlists"] } as? Int == 2)

            let upgraded = try await client.send(.post, FareLensRoutes.setDevTier.endpoint.path, token: user.accessToken, json: ["tier": "pro"])
            #expect(upgraded.status == .ok, "\(upgraded.text)")
            let pro = try upgraded.decode(FareLensAccount.self)
            #expect(pro.tier == .pro && pro.entitlements.maxWatchlists == nil && pro.entitlements.maxPreferredAirports == 3)
            #expect(pro.entitlements.watchlistChecksPerDay == 2 && pro.entitlements.immediateAlertsPerDay == 6 && pro.entitlements.quotaPriority == .proWatchlist)
            #expect(upgraded.text.contains(#""max_watchlists":null"#), "unlimited is null on the wire: \(upgraded.text)")
            #expect(try await client.send(.get, FareLensRoutes.me.endpoint.path, token: user.accessToken).decode(FareLensAccount.self).tier == .pro)
            // Twice is the same; back down works.
            #expect(try await client.send(.post, FareLensRoutes.setDevTier.endpoint.path, token: user.accessToken, json: ["tier": "pro"]).status == .ok)
            let down = try await client.send(.post, FareLensRoutes.setDevTier.endpoint.path, token: user.accessToken, json: ["tier": "free"])
            #expect(try down.decode(FareLensAccount.self).tier == .free)

            // Another user is untouched.
            let other = try await client.signIn(app: "farelens")
            #expect(try await client.send(.get, FareLensRoutes.me.endpoint.path, token: other.accessToken).decode(FareLensAccount.self).tier == .free)

            let export = try await client.send(.get, FareLensRoutes.platform.export.endpoint.path, token: user.accessToken)
            #expect(export.status == .ok && export.text.contains(#""tier":"free""#), "\(export.text)")
        }
    }

    @Test("dev/tier names a wrong or missing tier in a 422; without a token it is a 401")
    func devTierValidation() async throws {
        try await Self.withFareLens(.sqlite) { client in
            let user = try await client.signIn(app: "farelens")
            for body: [String: Any] in [["tier": "gold"], [:], ["tier": 1], ["tier": NSNull()]] {
                let response = try await client.send(.post, FareLensRoutes.setDevTier.endpoint.path, token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent, "\(body): \(response.text)")
                #expect(response.errorFields == ["tier"], "\(body): \(response.text)")
            }
            let anonymous = try await client.send(.get, FareLensRoutes.me.endpoint.path)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("on a production server dev/tier is a 404 and the tier stays")
    func devTierOnlyInDevelopment() async throws {
        let clock = TestClock()
        try await withServer(
            .sqlite,
            configure: {
                $0.environment = .production
                $0.apps = [FareLensApp.id]
            }, dependencies: .init(clock: clock)
        ) { client, server in
            // No development sign-in in production: the session is minted directly.
            let user = try await server.auth.accounts.findOrCreateUser(app: .farelens, provider: "dev", subject: "prod@example.com", email: "prod@example.com")
            let session = try await server.auth.accounts.createSession(
                user: user, app: .farelens, refreshTokenHash: UUID().uuidString, expiresAt: clock.now().addingTimeInterval(3600))
            let token = try await server.auth.tokens.issueAccessToken(user: user, app: .farelens, session: session, signedInAt: clock.now())
            let response = try await client.send(.post, FareLensRoutes.setDevTier.endpoint.path, token: token, json: ["tier": "pro"])
            #expect(response.status == .notFound, "\(response.text)")
            #expect(try await client.send(.get, FareLensRoutes.me.endpoint.path, token: token).decode(FareLensAccount.self).tier == .free)
        }
    }

    @Test("FareLens's tokens live as the seed says: access 1 hour, refresh 7 days")
    func tokenLifetimes() async throws {
        #expect(FareLensApp.tokenLifetimes == TokenLifetimes(access: 3600, refresh: 7 * 86_400))
        try await Self.withFareLens(.sqlite) { client in
            let response = try await client.send(FareLensRoutes.platform.devSignIn, body: AuthRequests.DevSignIn(email: TestClient.freshEmail))
            #expect(response.value?.expiresIn == 3600, "\(response.text)")
        }
    }
}
