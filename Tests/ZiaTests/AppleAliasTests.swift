import AppServer
import Foundation
import HTTPTypes
import PlatformCore
import TestSupport
import Testing
import Zia
import ZiaAPI

/// The seed's `POST /zia/v1/auth/apple`: the platform's Apple sign-in against a JWKS on 127.0.0.1.
@Suite("Zia Apple sign-in alias", .timeLimit(.minutes(3)))
struct AppleAliasTests {
    static let clientID = "com.example.zia"
    static var path: String { ZiaRoutes.appleSignIn.endpoint.path }

    static func token(_ key: TestRSAKey, sub: String = "001234.zia", audience: String = clientID) async throws -> String {
        try await key.sign(.init(iss: "https://appleid.apple.com", sub: sub, aud: [audience], exp: Date().addingTimeInterval(600)))
    }

    @Test("a valid Apple ID token answers the token pair plus jwt; the same account as /zia/auth/apple; a bad token is 401", arguments: TestDatabase.allCases)
    func signIn(_ database: TestDatabase) async throws {
        try await withLocalJWKS { jwks in
            let key = try await TestRSAKey(kid: "apple-zia")
            jwks.publish([key])
            try await withServer(
                database,
                configure: {
                    $0.apps = [ZiaApp.id]
                    $0.appleJWKSURL = jwks.url
                    $0.signInClientIDs.apple[ZiaApp.id] = [Self.clientID]
                }, dependencies: .init(extraModules: ZiaServer.modules)
            ) { client, _ in
                let token = try await Self.token(key)
                let alias = try await client.send(.post, Self.path, json: ["id_token": token])
                #expect(alias.status == .ok, "\(alias.text)")
                let jwt = try #require(alias.json["jwt"] as? String)
                #expect(jwt == alias.json["access_token"] as? String && alias.json["refresh_token"] is String && alias.json["token_type"] as? String == "Bearer")
                #expect(alias.headers[.cacheControl] == "no-store")
                let platform = try await client.send(.post, ZiaRoutes.platform.signIn(provider: .apple).endpoint.path, json: ["id_token": token])
                #expect(platform.json["user_id"] as? String == alias.json["user_id"] as? String)
                #expect(try await client.send(.get, ZiaRoutes.memories.endpoint.path, token: jwt).status == .ok)

                for bad in [try await Self.token(key, audience: "com.other.app"), "not-a-token"] {
                    let refused = try await client.send(.post, Self.path, json: ["id_token": bad])
                    #expect(refused.status == .unauthorized && refused.headers[.wwwAuthenticate] != nil, "\(refused.text)")
                }
                let missing = try await client.send(.post, Self.path, json: [:] as [String: Any])
                #expect(missing.status == .unprocessableContent && missing.errorFields == ["id_token"])
            }
        }
    }

    @Test("the alias spends the platform's sign-in budget per client address: 429 with Retry-After")
    func rateLimited() async throws {
        try await withServer(
            .sqlite,
            configure: {
                $0.apps = [ZiaApp.id]; $0.authRateLimitPerMinute = 2
            }, dependencies: .init(extraModules: ZiaServer.modules)
        ) {
            client, _ in
            _ = try await client.send(.post, ZiaRoutes.platform.signIn(provider: .apple).endpoint.path, json: ["id_token": "x"])
            _ = try await client.send(.post, Self.path, json: ["id_token": "x"])
            let limited = try await client.send(.post, Self.path, json: ["id_token": "x"])
            #expect(limited.status == .tooManyRequests && limited.errorCode == "rate_limited", "\(limited.text)")
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1)
        }
    }
}
