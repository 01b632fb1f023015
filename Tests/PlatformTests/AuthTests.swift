import AppServer
import Auth
import Foundation
import HTTPTypes
import KnotAPI
import KnotTestSupport
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit
import TestSupport
import Testing

@Suite("Authentication", .timeLimit(.minutes(3)))
struct AuthTests {
    @Test("development sign-in returns a bearer token pair", arguments: TestDatabase.allCases)
    func devSignInReturnsTokenPair(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let response = try await client.send(.post, "/knot/auth/dev", json: ["email": "Ana@Example.com"])
            #expect(response.status == .ok)
            let json = response.json
            #expect(json["token_type"] as? String == "Bearer")
            #expect(json["expires_in"] as? Int == 900)
            #expect((json["access_token"] as? String)?.split(separator: ".").count == 3)
            #expect((json["refresh_token"] as? String)?.count ?? 0 >= 40)
            #expect(UUID(uuidString: json["user_id"] as? String ?? "") != nil)
            let again = try await client.send(.post, "/knot/auth/dev", json: ["email": "ana@example.com"])
            #expect(again.json["user_id"] as? String == json["user_id"] as? String, "same email, same account")
        }
    }

    @Test("racing first sign-ins for one identity create one account", arguments: TestDatabase.allCases)
    func concurrentFirstSignIn(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let email = "race-\(UUID().uuidString.prefix(8))@example.com"
            let results = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let response = try await client.send(.post, "/knot/auth/dev", json: ["email": email])
                        return (Int(response.status.code), response.json["user_id"] as? String)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.allSatisfy { $0.0 == 200 }, "\(results)")
            #expect(Set(results.compactMap(\.1)).count == 1)
        }
    }

    @Test("development sign-in does not exist in production")
    func devSignInIsNotFoundInProduction() async throws {
        try await withServer(.sqlite, configure: { $0.environment = .production }) { client, _ in
            let response = try await client.send(.post, "/knot/auth/dev", json: ["email": "a@example.com"])
            #expect(response.status == .notFound)
        }
    }

    @Test("development sign-in validates the email")
    func devSignInRejectsInvalidEmail() async throws {
        try await withServer(.sqlite) { client, _ in
            let response = try await client.send(.post, "/knot/auth/dev", json: ["email": "not-an-email"])
            #expect(response.status == .unprocessableContent)
            #expect(response.errorFields == ["email"])
        }
    }

    @Test("development sign-in refuses an address with surrounding whitespace, as its pattern does")
    func devSignInRefusesSurroundingWhitespace() async throws {
        try await withServer(.sqlite) { client, _ in
            for email in [" a@example.com", "a@example.com\n", "a@example.com\u{200B}"] {
                let response = try await client.send(.post, "/knot/auth/dev", json: ["email": email])
                #expect(response.status == .unprocessableContent && response.errorFields == ["email"], "\(email.debugDescription)")
            }
        }
    }

    /// The fuzzer found `0M…@9.🏻b…`: a skin-tone modifier after the domain's dot makes `.🏻` one
    /// character, so a character-based check saw no dot while the schema's pattern (scalars) did.
    @Test("development sign-in accepts every address its schema pattern accepts, even with combining marks after '.' or '@'")
    func devSignInAcceptsWhatThePatternAccepts() async throws {
        let fuzzed = "0M\u{90067}K\u{0110}@9.\u{1F3FB}b\u{0113}\u{E7801}\u{009B}\u{932D}\u{D2F23}\u{0089}\u{15C33}{\u{7BC3A}\u{00F4}"
        try await withServer(.sqlite) { client, _ in
            for email in [fuzzed, "a@\u{301}b.c", "ana@b.\u{301}c"] {
                let response = try await client.send(.post, "/knot/auth/dev", json: ["email": email])
                #expect(response.status == .ok, "\(email.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test("the email rule and its OpenAPI pattern agree")
    func emailRuleMatchesPattern() throws {
        let regex = try NSRegularExpression(pattern: EmailAddress.pattern)
        let samples = [
            "a@b.c", "you@example.com", "a.b@c.d.e", "@b.c", "a@.bc", "a@bc.", "a@bc", "a@b@c.d", "a b@c.d", "a@b\u{3000}.c",
            "a@b.\u{301}c", "0M@9.\u{1F3FB}b", "a\u{7F}@b.c", "a\u{85}@b.c", "a\u{86}@b.c", "a@b..c", "a@b", "a@.", "a@b.",
            "\u{1F600}@\u{1F600}.\u{1F600}", "a@b\u{200B}.c", "a@b\u{2028}.c", "", "@", "a@..", "a@x.y.",
            // Surrounding whitespace, including what trimming removes (found by review).
            " a@b.c", "a@b.c\t", "\ta@b.c", "a@b.c\u{2028}", "a@b.\u{200B}", "\u{200B}@b.c", "a@b.c\n",
        ]
        for sample in samples {
            let utf16 = NSRange(location: 0, length: (sample as NSString).length)
            let matches = regex.firstMatch(in: sample, range: utf16) != nil
            #expect(EmailAddress.isPlausible(sample) == matches, "\(sample.debugDescription)")
        }
    }

    @Test("every authentication failure is a 401 with WWW-Authenticate: Bearer and a JSON error", arguments: TestDatabase.allCases)
    func authFailuresAre401(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            let parts = user.accessToken.split(separator: ".")
            let tampered = "\(parts[0]).\(parts[1]).\(String(parts[2].reversed()))"
            let otherKeyService = try await TokenService(signingKeyPEM: TokenService.generateSigningKeyPEM(), accessTokenTTL: 900, refreshTokenTTL: 3600, clock: SystemTime())
            let foreign = try await otherKeyService.issueAccessToken(user: UserID(UUID(uuidString: user.userID)!), app: .knot, session: UUID())
            let cases: [(String, HTTPFields)] = [
                ("missing", [:]),
                ("basic", [.authorization: "Basic dXNlcjpwYXNz"]),
                ("no scheme", [.authorization: user.accessToken]),
                ("empty bearer", [.authorization: "Bearer "]),
                ("garbage", [.authorization: "Bearer not.a.jwt"]),
                ("tampered signature", [.authorization: "Bearer \(tampered)"]),
                ("signed by another key", [.authorization: "Bearer \(foreign)"]),
            ]
            for (name, headers) in cases {
                let response = try await client.send(.get, "/knot/api/v1/hints", headers: headers)
                #expect(response.status == .unauthorized, "\(name)")
                #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true, "\(name)")
                #expect(response.errorCode != nil, "\(name): JSON error body")
                // RFC 6750 §3.1: no error code for a request without a bearer token; invalid_token for a refused one.
                let sentNoToken = ["missing", "basic", "no scheme", "empty bearer"].contains(name)
                #expect((response.headers[.wwwAuthenticate] == #"Bearer realm="api""#) == sentNoToken, "\(name): \(response.headers[.wwwAuthenticate] ?? "")")
                #expect(response.headers[.wwwAuthenticate]?.contains(#"error="invalid_token""#) == !sentNoToken, "\(name)")
            }
        }
    }

    @Test("an expired access token is refused", arguments: TestDatabase.allCases)
    func expiredAccessTokenIsRefused(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await withServer(database, dependencies: .init(clock: clock)) { client, _ in
            let user = try await client.signIn()
            #expect(try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken).status != .unauthorized)
            clock.advance(by: 901)
            let response = try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken)
            #expect(response.status == .unauthorized)
            #expect(response.errorCode == "token_expired")
        }
    }

    @Test("a token minted for another app is refused on Knot's routes", arguments: TestDatabase.allCases)
    func tokenForAnotherAppIsRefused(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let user = try await client.signIn()
            let session = try await server.auth.accounts.createSession(
                user: UserID(UUID(uuidString: user.userID)!), app: .knot, refreshTokenHash: UUID().uuidString, expiresAt: Date().addingTimeInterval(60))
            let ziaToken = try await server.auth.tokens.issueAccessToken(user: UserID(UUID(uuidString: user.userID)!), app: AppID("zia"), session: session)
            let response = try await client.send(.get, "/knot/api/v1/hints", token: ziaToken)
            #expect(response.status == .unauthorized)
            #expect(response.errorCode == "wrong_app")
            #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
        }
    }

    @Test("tokens signed with the right key but naming no key, another key, a key twice, a claim twice, or issued in the future are refused", arguments: TestDatabase.allCases)
    func forgedHeadersAndIssueTimes(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await withServer(database, dependencies: .init(clock: clock)) { client, _ in
            let user = try await client.signIn()
            let (header, claims) = try ForgedToken.parts(of: user.accessToken)
            let now = Int(clock.now().timeIntervalSince1970)
            func with(_ key: String, _ value: Any?, in object: [String: Any]) -> [String: Any] {
                var copy = object
                copy[key] = value
                return copy
            }
            let accepted: [(String, String)] = [
                ("the same header and claims, re-signed", try ForgedToken.es256(header: header, claims: claims)),
                ("issued 30 s ahead (clock skew)", try ForgedToken.es256(header: header, claims: with("iat", now + 30, in: claims))),
            ]
            for (name, token) in accepted {
                let response = try await client.send(.get, "/knot/api/v1/hints", token: token)
                #expect(response.status == .notFound || response.status == .ok, "\(name): \(response.text)")
            }
            let refused: [(String, String)] = [
                ("no kid", try ForgedToken.es256(header: with("kid", nil, in: header), claims: claims)),
                ("unknown kid", try ForgedToken.es256(header: with("kid", "not-our-key", in: header), claims: claims)),
                ("empty kid", try ForgedToken.es256(header: with("kid", "", in: header), claims: claims)),
                ("issued an hour ahead", try ForgedToken.es256(header: header, claims: with("iat", now + 3600, in: claims))),
                ("issued 61 s ahead", try ForgedToken.es256(header: header, claims: with("iat", now + 61, in: claims))),
                (
                    "a duplicate kid",
                    try ForgedToken.es256(
                        rawHeader: #"{"alg":"ES256","kid":"\#(header["kid"] as! String)","kid":"not-our-key","typ":"JWT"}"#,
                        rawClaims: String(decoding: try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]), as: UTF8.self))
                ),
                (
                    "a duplicate sub",
                    try ForgedToken.es256(
                        rawHeader: String(decoding: try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]), as: UTF8.self),
                        rawClaims: String(String(decoding: try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]), as: UTF8.self).dropLast())
                            + #","sub":"\#(UUID().uuidString.lowercased())"}"#)
                ),
            ]
            for (name, token) in refused {
                let response = try await client.send(.get, "/knot/api/v1/hints", token: token)
                #expect(response.status == .unauthorized, "\(name): \(response.text)")
                #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true, "\(name)")
                #expect(response.errorCode == "invalid_token", "\(name)")
            }
            // The future token stays refused on later requests (verification is cached per token).
            let future = refused[3].1
            #expect(try await client.send(.get, "/knot/api/v1/hints", token: future).status == .unauthorized)
        }
    }

    @Test("refresh rotates the refresh token", arguments: TestDatabase.allCases)
    func refreshRotates(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            let refreshed = try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": user.refreshToken])
            #expect(refreshed.status == .ok)
            let newRefresh = try #require(refreshed.json["refresh_token"] as? String)
            let newAccess = try #require(refreshed.json["access_token"] as? String)
            #expect(newRefresh != user.refreshToken)
            #expect(refreshed.json["user_id"] as? String == user.userID)
            #expect(try await client.send(.get, "/knot/api/v1/hints", token: newAccess).status != .unauthorized)
            let next = try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": newRefresh])
            #expect(next.status == .ok)
        }
    }

    @Test("reusing a rotated refresh token after the grace window revokes the whole session", arguments: TestDatabase.allCases)
    func refreshReuseRevokesFamily(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await withServer(database, dependencies: .init(clock: clock)) { client, _ in
            let user = try await client.signIn()
            let first = try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": user.refreshToken])
            let second = try #require(first.json["refresh_token"] as? String)
            let access = try #require(first.json["access_token"] as? String)
            clock.advance(by: 6)  // past the 5-second reuse grace window

            let reuse = try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": user.refreshToken])
            #expect(reuse.status == .unauthorized)
            #expect(reuse.errorCode == "refresh_token_reused")
            #expect(reuse.headers[.wwwAuthenticate] != nil)

            let afterReuse = try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": second])
            #expect(afterReuse.status == .unauthorized, "the newest token of the family is dead too")
            #expect(try await client.send(.get, "/knot/api/v1/hints", token: access).status == .unauthorized, "access tokens of the family are dead")

            let other = try await client.signIn("other-\(UUID())@example.com")
            #expect(try await client.send(.get, "/knot/api/v1/hints", token: other.accessToken).status != .unauthorized, "other sessions are untouched")
        }
    }

    @Test("an unknown or missing refresh token is a 401 / 422")
    func refreshRejectsUnknownToken() async throws {
        try await withServer(.sqlite) { client, _ in
            let unknown = try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": "nope"])
            #expect(unknown.status == .unauthorized)
            #expect(unknown.headers[.wwwAuthenticate] != nil)
            let missing = try await client.send(.post, "/knot/auth/refresh", json: [String: String]())
            #expect(missing.status == .unprocessableContent)
            #expect(missing.errorFields == ["refresh_token"])
        }
    }

    @Test("an expired refresh token is refused", arguments: TestDatabase.allCases)
    func expiredRefreshTokenIsRefused(_ database: TestDatabase) async throws {
        let clock = TestClock()
        try await withServer(database, dependencies: .init(clock: clock)) { client, _ in
            let user = try await client.signIn()
            clock.advance(by: 31 * 24 * 3600)
            let response = try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": user.refreshToken])
            #expect(response.status == .unauthorized)
            #expect(response.errorCode == "refresh_token_expired")
        }
    }

    @Test("sign-out revokes the session's access and refresh tokens", arguments: TestDatabase.allCases)
    func signOutRevokes(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            let signOut = try await client.send(.post, "/knot/auth/sign-out", token: user.accessToken)
            #expect(signOut.status == .noContent)
            let after = try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken)
            #expect(after.status == .unauthorized)
            #expect(after.errorCode == "session_revoked")
            let refresh = try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": user.refreshToken])
            #expect(refresh.status == .unauthorized)
        }
    }

    @Test("sign-in attempts over the limit get 429 with Retry-After")
    func authRoutesAreRateLimited() async throws {
        // A clock that stands still: no token refills between attempts on a slow, loaded machine.
        try await withServer(.sqlite, configure: { $0.authRateLimitPerMinute = 3 }, dependencies: ServerDependencies(clock: TestClock())) { client, _ in
            for _ in 0..<3 {
                #expect(try await client.send(.post, "/knot/auth/dev", json: ["email": "a@example.com"]).status == .ok)
            }
            let limited = try await client.send(.post, "/knot/auth/dev", json: ["email": "a@example.com"])
            #expect(limited.status == .tooManyRequests)
            let retryAfter = try #require(limited.headers[.retryAfter].flatMap(Int.init))
            #expect(retryAfter >= 1 && retryAfter <= 20)
            #expect(limited.errorCode == "rate_limited")
        }
    }
}

@Suite("Sign in with Apple and Google against a JWKS served on 127.0.0.1", .timeLimit(.minutes(3)))
struct IdentityProviderTests {
    static let appleIssuer = "https://appleid.apple.com"
    static let clientID = "com.example.knot"

    func configure(_ jwks: LocalJWKS) -> (inout ServerConfiguration) -> Void {
        { configuration in
            configuration.appleJWKSURL = jwks.url
            configuration.googleJWKSURL = jwks.url
            configuration.signInClientIDs.apple[.knot] = [Self.clientID]
            configuration.signInClientIDs.google[.knot] = ["google-client.apps.googleusercontent.com"]
        }
    }

    @Test("a valid Apple ID token signs in and finds the same account again", arguments: TestDatabase.allCases)
    func appleSignIn(_ database: TestDatabase) async throws {
        try await withLocalJWKS { jwks in
            let key = try await TestRSAKey(kid: "apple-1")
            jwks.publish([key])
            try await withServer(database, configure: configure(jwks)) { client, _ in
                let nonce = "raw-nonce-123"
                let hashedNonce = sha256Hex(nonce)
                let token = try await key.sign(
                    .init(
                        iss: Self.appleIssuer, sub: "001234.apple", aud: [Self.clientID], exp: Date().addingTimeInterval(600), email: "p@privaterelay.appleid.com",
                        nonce: hashedNonce))
                let first = try await client.send(.post, "/knot/auth/apple", json: ["id_token": token, "nonce": nonce])
                #expect(first.status == .ok, "\(first.text)")
                #expect(first.json["token_type"] as? String == "Bearer")
                let second = try await client.send(.post, "/knot/auth/apple", json: ["id_token": token, "nonce": nonce])
                #expect(second.json["user_id"] as? String == first.json["user_id"] as? String)
                #expect(jwks.fetches.value == 1, "keys are cached")
                let access = try #require(first.json["access_token"] as? String)
                #expect(try await client.send(.get, "/knot/api/v1/hints", token: access).status != .unauthorized)
            }
        }
    }

    @Test("Apple ID tokens with a wrong audience, issuer, expiry, nonce or signature are refused")
    func appleSignInRejectsBadTokens() async throws {
        try await withLocalJWKS { jwks in
            let key = try await TestRSAKey(kid: "apple-1")
            let impostor = try await TestRSAKey(kid: "apple-1")
            jwks.publish([key])
            try await withServer(.sqlite, configure: configure(jwks)) { client, _ in
                let valid = TestIDTokenClaims(iss: Self.appleIssuer, sub: "s1", aud: [Self.clientID], exp: Date().addingTimeInterval(600), nonce: sha256Hex("n"))
                var wrongAudience = valid
                wrongAudience.aud = ["com.other.app"]
                var wrongIssuer = valid
                wrongIssuer.iss = "https://evil.example.com"
                var expired = valid
                expired.exp = Int(Date().addingTimeInterval(-3600).timeIntervalSince1970)
                let cases: [(String, String, String?)] = [
                    ("wrong audience", try await key.sign(wrongAudience), "n"),
                    ("wrong issuer", try await key.sign(wrongIssuer), "n"),
                    ("expired", try await key.sign(expired), "n"),
                    ("nonce mismatch", try await key.sign(valid), "other-nonce"),
                    ("signed by an impostor key with the same kid", try await impostor.sign(valid), "n"),
                    ("garbage", "abc.def.ghi", nil),
                ]
                for (name, token, nonce) in cases {
                    var body: [String: String] = ["id_token": token]
                    body["nonce"] = nonce
                    let response = try await client.send(.post, "/knot/auth/apple", json: body)
                    #expect(response.status == .unauthorized, "\(name): \(response.text)")
                    #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true, "\(name)")
                }
                let control = try await client.send(.post, "/knot/auth/apple", json: ["id_token": try await key.sign(valid), "nonce": "n"])
                #expect(control.status == .ok, "the unmodified token is accepted")
            }
        }
    }

    @Test("a token signed with a new key makes the verifier refetch the JWKS")
    func unknownKeyIDTriggersRefetch() async throws {
        try await withLocalJWKS { jwks in
            let oldKey = try await TestRSAKey(kid: "old")
            let newKey = try await TestRSAKey(kid: "new")
            jwks.publish([oldKey])
            try await withServer(.sqlite, configure: configure(jwks)) { client, _ in
                let claims = TestIDTokenClaims(iss: Self.appleIssuer, sub: "rotating", aud: [Self.clientID], exp: Date().addingTimeInterval(600))
                #expect(try await client.send(.post, "/knot/auth/apple", json: ["id_token": try await oldKey.sign(claims)]).status == .ok)
                #expect(jwks.fetches.value == 1)
                jwks.publish([oldKey, newKey])
                let rotated = try await client.send(.post, "/knot/auth/apple", json: ["id_token": try await newKey.sign(claims)])
                #expect(rotated.status == .ok, "\(rotated.text)")
                #expect(jwks.fetches.value == 2)
                let bogus = try await TestRSAKey(kid: "bogus-1")
                let bogus2 = try await TestRSAKey(kid: "bogus-2")
                #expect(try await client.send(.post, "/knot/auth/apple", json: ["id_token": try await bogus.sign(claims)]).status == .unauthorized)
                #expect(try await client.send(.post, "/knot/auth/apple", json: ["id_token": try await bogus2.sign(claims)]).status == .unauthorized)
                #expect(jwks.fetches.value == 2, "unknown key ids refetch at most once per interval")
            }
        }
    }

    @Test("Google ID tokens are verified against Google's issuer and client IDs", arguments: TestDatabase.allCases)
    func googleSignIn(_ database: TestDatabase) async throws {
        try await withLocalJWKS { jwks in
            let key = try await TestRSAKey(kid: "g1")
            jwks.publish([key])
            try await withServer(database, configure: configure(jwks)) { client, _ in
                let claims = TestIDTokenClaims(
                    iss: "https://accounts.google.com", sub: "1099", aud: ["google-client.apps.googleusercontent.com"], exp: Date().addingTimeInterval(600), email: "g@example.com",
                    nonce: "plain")
                let ok = try await client.send(.post, "/knot/auth/google", json: ["id_token": try await key.sign(claims), "nonce": "plain"])
                #expect(ok.status == .ok, "\(ok.text)")
                var appleIssued = claims
                appleIssued.iss = Self.appleIssuer
                let wrong = try await client.send(.post, "/knot/auth/google", json: ["id_token": try await key.sign(appleIssued)])
                #expect(wrong.status == .unauthorized)
                let asApple = try await client.send(.post, "/knot/auth/apple", json: ["id_token": try await key.sign(claims)])
                #expect(asApple.status == .unauthorized, "a Google token is not an Apple token")
            }
        }
    }

    @Test("an identity provider whose keys cannot be fetched gives 503 with Retry-After, not 401")
    func unreachableProviderIs503() async throws {
        try await withLocalJWKS { jwks in
            let key = try await TestRSAKey(kid: "k")
            jwks.failure.value = 502
            try await withServer(.sqlite, configure: configure(jwks)) { client, _ in
                let token = try await key.sign(.init(iss: Self.appleIssuer, sub: "x", aud: [Self.clientID], exp: Date().addingTimeInterval(600)))
                let response = try await client.send(.post, "/knot/auth/apple", json: ["id_token": token])
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] != nil)
                #expect(response.errorCode == "identity_provider_unavailable")
            }
        }
    }

    @Test("sign-in with a provider that has no client IDs configured is refused")
    func unconfiguredProviderIsRefused() async throws {
        try await withLocalJWKS { jwks in
            let key = try await TestRSAKey(kid: "k")
            jwks.publish([key])
            try await withServer(.sqlite, configure: { $0.appleJWKSURL = jwks.url }) { client, _ in
                let token = try await key.sign(.init(iss: Self.appleIssuer, sub: "x", aud: [Self.clientID], exp: Date().addingTimeInterval(600)))
                let response = try await client.send(.post, "/knot/auth/apple", json: ["id_token": token])
                #expect(response.status == .unauthorized)
            }
        }
    }
}

func sha256Hex(_ text: String) -> String {
    TokenService.hash(refreshToken: text)
}

@Suite("Session revocation across server instances (MultiInstanceSession)", .timeLimit(.minutes(3)))
struct MultiInstanceSessionTests {
    static let hints = "/knot/api/v1/hints"

    /// Three instances whose session caches would trust a session for a minute.
    static func withCachingInstances(
        _ count: Int = 3, clock: TestClock = TestClock(), _ body: @escaping @Sendable ([TestClient], [ServerComponents]) async throws -> Void
    ) async throws {
        try await withInstances(count, configure: { _, configuration in configuration.sessionCacheSeconds = 60 }, dependencies: .init(clock: clock), body)
    }

    /// Makes every instance remember `token`'s session as live.
    static func warm(_ clients: [TestClient], _ token: String) async throws {
        for (index, client) in clients.enumerated() {
            #expect(try await client.send(.get, hints, token: token).status != .unauthorized, "instance \(index) accepts the session before its revocation")
        }
    }

    /// Asks every instance, with the real clock every 50 ms, until it refuses `token`; each must refuse
    /// (401 with a challenge) within `bound` of `since`.
    static func expectRefusedEverywhere(
        _ clients: [TestClient], _ token: String, since: ContinuousClock.Instant, within bound: Duration = .seconds(1), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for (index, client) in clients.enumerated() {
            var response = try await client.send(.get, hints, token: token)
            while response.status != .unauthorized, ContinuousClock.now - since < bound {
                try await Task.sleep(for: .milliseconds(50))
                response = try await client.send(.get, hints, token: token)
            }
            #expect(response.status == .unauthorized, "instance \(index) refuses within \(bound)", sourceLocation: sourceLocation)
            #expect(response.headers[.wwwAuthenticate] != nil, sourceLocation: sourceLocation)
        }
    }

    @Test("a sign-out on one instance is refused by every instance within 1 s, though their caches would trust it for a minute")
    func signOutReachesEveryInstance() async throws {
        try await Self.withCachingInstances { clients, _ in
            let user = try await clients[0].signIn()
            try await Self.warm(clients, user.accessToken)
            #expect(try await clients[1].send(.post, "/knot/auth/sign-out", token: user.accessToken).status == .noContent)
            try await Self.expectRefusedEverywhere(clients, user.accessToken, since: .now)
        }
    }

    @Test("DATABASE_LISTEN_URL is where the listener connects: a direct URL carries sign-outs; an unreachable one carries none (the cache's TTL is then the bound)")
    func listenURLIsTheListenersAddress() async throws {
        for carried in [true, false] {
            try await withInstances(
                2,
                configure: { _, configuration in
                    configuration.sessionCacheSeconds = 60
                    // The same database by a URL of its own, or a port where nothing listens.
                    var listen = URLComponents(string: configuration.databaseURL ?? "")
                    if !carried { listen?.port = 9 }
                    configuration.databaseListenURL = listen?.string
                }
            ) { clients, _ in
                let user = try await clients[0].signIn()
                try await Self.warm(clients, user.accessToken)
                #expect(try await clients[0].send(.post, "/knot/auth/sign-out", token: user.accessToken).status == .noContent)
                if carried {
                    try await Self.expectRefusedEverywhere(clients, user.accessToken, since: .now)
                } else {
                    try await Task.sleep(for: .milliseconds(1500))
                    #expect(
                        try await clients[1].send(.get, Self.hints, token: user.accessToken).status != .unauthorized,
                        "no listener, no notification: the other instance trusts its cache")
                }
            }
        }
    }

    @Test("a refresh token presented again on one instance revokes the session on every instance within 1 s")
    func refreshTokenReuseReachesEveryInstance() async throws {
        let clock = TestClock()
        try await Self.withCachingInstances(clock: clock) { clients, _ in
            let user = try await clients[0].signIn()
            let rotated = try await clients[0].send(.post, "/knot/auth/refresh", json: ["refresh_token": user.refreshToken])
            let access = try #require(rotated.json["access_token"] as? String)
            try await Self.warm(clients, access)
            clock.advance(by: 6)  // past the reuse grace window, well within the cache's minute
            let reuse = try await clients[2].send(.post, "/knot/auth/refresh", json: ["refresh_token": user.refreshToken])
            #expect(reuse.errorCode == "refresh_token_reused")
            try await Self.expectRefusedEverywhere(clients, access, since: .now)
        }
    }

    @Test("an account deleted through one instance is refused by every instance within 1 s")
    func accountDeletionReachesEveryInstance() async throws {
        try await Self.withCachingInstances { clients, _ in
            let user = try await clients[0].signIn()
            try await Self.warm(clients, user.accessToken)
            #expect(try await clients[1].send(.delete, "/knot/api/v1/users/me", token: user.accessToken).status == .ok)
            try await Self.expectRefusedEverywhere(clients, user.accessToken, since: .now)
        }
    }

    @Test("a killed listener connection reconnects and flushes the cache (a revocation missed meanwhile is seen), and sign-outs reach the instance again")
    func listenerReconnectsAndFlushes() async throws {
        try await Self.withCachingInstances(2) { clients, servers in
            let database = try await currentDatabaseName(servers[0].database)
            try await withPostgresAdmin { admin in
                func listeners(end: Bool) async throws -> Int {
                    try await admin.read { db in
                        try await db.raw(
                            """
                            SELECT \(unsafeRaw: end ? "pg_terminate_backend(pid)" : "pid") AS backend FROM pg_stat_activity
                            WHERE datname = \(bind: database) AND application_name = \(bind: PostgresNotifications.applicationName)
                            """
                        ).all().count
                    }
                }
                _ = try await eventually(every: .milliseconds(50)) { try await listeners(end: false) >= 2 }
                let early = try await clients[0].signIn()
                try await Self.warm(clients, early.accessToken)

                #expect(try await listeners(end: true) == 2, "each instance listens on one connection of its own")
                // A revocation nobody is told of, while the listeners are down: only the flush on
                // reconnecting can make the other instance see it before its cache's minute is up.
                let session = try await servers[0].database.transaction { db in
                    try await db.raw("UPDATE auth_sessions SET revoked_at = now() WHERE user_id = \(bind: UUID(uuidString: early.userID)!) RETURNING id").all().count
                }
                #expect(session == 1)
                try await Self.expectRefusedEverywhere(clients, early.accessToken, since: .now, within: .seconds(5))

                let later = try await clients[0].signIn()
                try await Self.warm(clients, later.accessToken)
                #expect(try await clients[0].send(.post, "/knot/auth/sign-out", token: later.accessToken).status == .noContent)
                try await Self.expectRefusedEverywhere([clients[1]], later.accessToken, since: .now)
            }
        }
    }

    @Test("on SQLite a sign-out is refused at once and nothing listens")
    func sqliteHasNoListener() async throws {
        try await withServer(.sqlite, configure: { $0.sessionCacheSeconds = 60 }) { client, server in
            #expect(server.database.notifications == nil)
            let user = try await client.signIn()
            #expect(try await client.send(.get, Self.hints, token: user.accessToken).status != .unauthorized)
            #expect(try await client.send(.post, "/knot/auth/sign-out", token: user.accessToken).status == .noContent)
            #expect(try await client.send(.get, Self.hints, token: user.accessToken).status == .unauthorized)
        }
    }
}
