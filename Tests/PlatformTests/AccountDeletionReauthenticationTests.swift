import AppServer
import Foundation
import HTTPTypes
import KnotTestSupport
import PlatformCore
import SQLKit
import TestSupport
import Testing

/// `DELETE /knot/api/v1/users/me` needs a fresh sign-in (seed 001 step 11.2): a body proving one, or a
/// session signed in within the last 5 minutes. Every refusal is a 401 with the RFC 9470 challenge,
/// and nothing is deleted.
@Suite("Account API: re-authentication before deletion", .timeLimit(.minutes(3)))
struct AccountAPIReauthenticationTests {
    static let challenge = #"Bearer error="insufficient_user_authentication", error_description="Re-authentication required: sign in again to delete the account""#
    static let appleIssuer = "https://appleid.apple.com"
    static let clientID = "com.example.knot"

    /// A refusal as the tests check it.
    struct Outcome: Sendable {
        var status: Int
        var challenge: String?
        var code: String?
        var fields: [String]
        var usersLeft: Int
    }

    static func users(_ id: String, in server: ServerComponents) async throws -> Int {
        let user = UUID(uuidString: id)!
        return try await server.database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM users WHERE id = \(bind: user)").first()!.decode(column: "n", as: Int.self)
        }
    }

    static func delete(_ client: TestClient, _ server: ServerComponents, as user: SignedIn, json: Any? = nil) async throws -> Outcome {
        let response =
            if let json { try await client.send(.delete, "/knot/api/v1/users/me", token: user.accessToken, json: json) } else {
                try await client.send(.delete, "/knot/api/v1/users/me", token: user.accessToken)
            }
        return Outcome(
            status: Int(response.status.code), challenge: response.headers[.wwwAuthenticate], code: response.errorCode, fields: response.errorFields,
            usersLeft: try await users(user.userID, in: server))
    }

    @Test("a token from a sign-in more than 5 minutes ago, without a body, is refused with the RFC 9470 challenge and deletes nothing", arguments: TestDatabase.allCases)
    func staleSignInWithoutBodyIsRefused(_ database: TestDatabase) async throws {
        let clock = TestClock()
        let (stale, refreshed) = try await withServer(database, dependencies: .init(clock: clock)) { client, server in
            let user = try await client.signIn()
            _ = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
            clock.advance(by: 301)
            let stale = try await Self.delete(client, server, as: user)
            // A refresh mints a new access token, but the session's sign-in is as old as before.
            let renewed = try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": user.refreshToken])
            let fresh = SignedIn(accessToken: renewed.json["access_token"] as! String, refreshToken: renewed.json["refresh_token"] as! String, userID: user.userID)
            let refreshed = try await Self.delete(client, server, as: fresh)
            return (stale, refreshed)
        }
        #expect(stale.status == 401)
        #expect(stale.challenge == Self.challenge)
        #expect(stale.code == "reauthentication_required")
        #expect(stale.usersLeft == 1, "nothing was deleted")
        #expect(refreshed.status == 401, "a refreshed token is not a fresh sign-in")
        #expect(refreshed.challenge == Self.challenge)
        #expect(refreshed.usersLeft == 1)
    }

    @Test("a token from a sign-in less than 5 minutes ago deletes without a body", arguments: TestDatabase.allCases)
    func freshSignInDeletes(_ database: TestDatabase) async throws {
        let clock = TestClock()
        let outcome = try await withServer(database, dependencies: .init(clock: clock)) { client, server in
            let user = try await client.signIn()
            clock.advance(by: 299)
            return try await Self.delete(client, server, as: user)
        }
        #expect(outcome.status == 200)
        #expect(outcome.usersLeft == 0)
    }

    @Test("on a development server the account's email (any case) re-authenticates; another account's email does not", arguments: TestDatabase.allCases)
    func developmentEmailReauthenticates(_ database: TestDatabase) async throws {
        let clock = TestClock()
        let (wrong, unknown, right) = try await withServer(database, dependencies: .init(clock: clock)) { client, server in
            let email = "deleter-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let user = try await client.signIn(email)
            let otherEmail = "other-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            _ = try await client.signIn(otherEmail)
            clock.advance(by: 600)
            let wrong = try await Self.delete(client, server, as: user, json: ["provider": "dev", "email": otherEmail])
            let unknown = try await Self.delete(client, server, as: user, json: ["provider": "dev", "email": "nobody@example.com"])
            let right = try await Self.delete(client, server, as: user, json: ["provider": "dev", "email": email.uppercased()])
            return (wrong, unknown, right)
        }
        #expect(wrong.status == 401)
        #expect(wrong.challenge == Self.challenge)
        #expect(wrong.usersLeft == 1)
        #expect(unknown.status == 401)
        #expect(unknown.code == "reauthentication_required")
        #expect(right.status == 200)
        #expect(right.usersLeft == 0)
    }

    @Test("another account's development email is refused and deletes nothing", arguments: TestDatabase.allCases)
    func anotherAccountsEmailIsRefused(_ database: TestDatabase) async throws {
        let outcome = try await withServer(database) { client, server in
            let victimEmail = "victim-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            _ = try await client.signIn(victimEmail)
            let attacker = try await client.signIn()
            // The attacker's own token is fresh, but the proof names another account.
            return try await Self.delete(client, server, as: attacker, json: ["provider": "dev", "email": victimEmail])
        }
        #expect(outcome.status == 401)
        #expect(outcome.challenge == Self.challenge)
        #expect(outcome.usersLeft == 1)
    }

    @Test("a production server does not accept development re-authentication (401, as for any unaccepted proof)")
    func developmentProofIsRefusedInProduction() async throws {
        let clock = TestClock()
        let outcome = try await withServer(.sqlite, configure: { $0.environment = .production }, dependencies: .init(clock: clock)) { client, server in
            // No development sign-in in production: mint the session directly.
            let user = try await server.auth.accounts.findOrCreateUser(app: .knot, provider: "dev", subject: "prod@example.com", email: "prod@example.com")
            let session = try await server.auth.accounts.createSession(user: user, app: .knot, refreshTokenHash: UUID().uuidString, expiresAt: clock.now().addingTimeInterval(3600))
            clock.advance(by: 600)
            let token = try await server.auth.tokens.issueAccessToken(user: user, app: .knot, session: session, signedInAt: clock.now().addingTimeInterval(-600))
            let signedIn = SignedIn(accessToken: token, refreshToken: "", userID: user.description)
            return try await Self.delete(client, server, as: signedIn, json: ["provider": "dev", "email": "prod@example.com"])
        }
        #expect(outcome.status == 401)
        #expect(outcome.challenge == Self.challenge)
        #expect(outcome.code == "reauthentication_required")
        #expect(outcome.usersLeft == 1)
    }

    @Test("an Apple identity token re-authenticates only the account it signs in to", arguments: TestDatabase.allCases)
    func appleIdentityTokenMustBeForTheSameAccount(_ database: TestDatabase) async throws {
        let clock = TestClock()
        let outcomes = try await withLocalJWKS { jwks in
            let key = try await TestRSAKey(kid: "apple-1")
            jwks.publish([key])
            return try await withServer(
                database,
                configure: { configuration in
                    configuration.appleJWKSURL = jwks.url
                    configuration.signInClientIDs.apple[.knot] = [Self.clientID]
                }, dependencies: .init(clock: clock)
            ) { client, server in
                func appleToken(_ subject: String) async throws -> String {
                    try await key.sign(.init(iss: Self.appleIssuer, sub: subject, aud: [Self.clientID], exp: clock.now().addingTimeInterval(600), iat: clock.now()))
                }
                func signIn(_ subject: String) async throws -> SignedIn {
                    let json = try await client.send(.post, "/knot/auth/apple", json: ["id_token": try await appleToken(subject)]).json
                    return SignedIn(accessToken: json["access_token"] as! String, refreshToken: json["refresh_token"] as! String, userID: json["user_id"] as! String)
                }
                let alice = try await signIn("alice.apple")
                _ = try await signIn("bob.apple")
                clock.advance(by: 600)
                let someoneElse = try await Self.delete(client, server, as: alice, json: ["provider": "apple", "id_token": try await appleToken("bob.apple")])
                let noAccount = try await Self.delete(client, server, as: alice, json: ["provider": "apple", "id_token": try await appleToken("nobody.apple")])
                let forged = try await Self.delete(client, server, as: alice, json: ["provider": "apple", "id_token": "not.a.token"])
                let asGoogle = try await Self.delete(client, server, as: alice, json: ["provider": "google", "id_token": try await appleToken("alice.apple")])
                let own = try await Self.delete(client, server, as: alice, json: ["provider": "apple", "id_token": try await appleToken("alice.apple"), "nonce": NSNull()])
                return [someoneElse, noAccount, forged, asGoogle, own]
            }
        }
        for refused in outcomes.prefix(4) {
            #expect(refused.status == 401)
            #expect(refused.challenge == Self.challenge)
            #expect(refused.code == "reauthentication_required")
            #expect(refused.usersLeft == 1, "nothing was deleted")
        }
        #expect(outcomes[4].status == 200)
        #expect(outcomes[4].usersLeft == 0)
    }

    @Test("bodies of the wrong shape are a 422 naming the field, and delete nothing")
    func malformedBodiesAre422() async throws {
        // Raw JSON bodies and the field each one's 422 must name.
        let cases: [(String, String)] = [
            (#"{"provider": 5}"#, "provider"),
            (#"{"provider": "facebook"}"#, "provider"),
            ("{}", "provider"),
            (#"{"provider": null}"#, "provider"),
            (#"{"provider": "apple"}"#, "id_token"),
            (#"{"provider": "apple", "id_token": "   "}"#, "id_token"),
            (#"{"provider": "apple", "id_token": 5}"#, "id_token"),
            (#"{"provider": "google", "id_token": "x", "nonce": 7}"#, "nonce"),
            (#"{"provider": "dev"}"#, "email"),
            (#"{"provider": "dev", "email": "not-an-email"}"#, "email"),
            (#"{"provider": "dev", "email": ["a@b.c"]}"#, "email"),
        ]
        let (outcomes, notJSON) = try await withServer(.sqlite) { client, server in
            let user = try await client.signIn()
            var outcomes: [Outcome] = []
            for (body, _) in cases {
                let response = try await client.send(.delete, "/knot/api/v1/users/me", token: user.accessToken, body: Data(body.utf8))
                outcomes.append(
                    Outcome(
                        status: Int(response.status.code), challenge: response.headers[.wwwAuthenticate], code: response.errorCode, fields: response.errorFields,
                        usersLeft: try await Self.users(user.userID, in: server)))
            }
            let raw = try await client.send(.delete, "/knot/api/v1/users/me", token: user.accessToken, body: Data("{\"provider\":".utf8))
            return (outcomes, Int(raw.status.code))
        }
        for (outcome, (body, field)) in zip(outcomes, cases) {
            #expect(outcome.status == 422, "\(body)")
            #expect(outcome.fields == [field], "\(body)")
            #expect(outcome.usersLeft == 1, "\(body)")
        }
        #expect(notJSON == 400)
    }
}
