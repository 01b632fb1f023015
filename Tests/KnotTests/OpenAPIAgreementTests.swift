import AppServer
import Foundation
import HTTPTypes
import Knot
import KnotTestSupport
import PlatformCore
import TestSupport
import Testing

/// Knot's server answers as /knot/openapi.json says, where the two could part (the fuzzing gate,
/// `scripts/fuzz`, checks every answer against the document): one test per kind of disagreement,
/// through the HTTP API.
@Suite("Knot's server and its OpenAPI document agree", .timeLimit(.minutes(3)))
struct OpenAPIAgreementTests {
    @Test("a known path with a method it does not have answers 405 with Allow, in the error shape")
    func methodNotAllowed() async throws {
        try await withServer(.sqlite) { client, _ in
            let user = try await client.signIn()
            let vault = try await client.send(.patch, "/knot/api/v1/vault", token: user.accessToken)
            #expect(vault.status == .methodNotAllowed)
            #expect(vault.headers[.allow] == "GET, HEAD, POST, PUT")
            #expect(vault.errorCode == "method_not_allowed")
            #expect(vault.headers[.contentType]?.hasPrefix("application/json") == true)
            // Without a token too: the method is refused before authentication, as the router decides.
            #expect(try await client.send(.delete, "/knot/auth/dev").headers[.allow] == "POST")
            // The route the router picks decides Allow: a literal segment wins over a capture.
            let search = try await client.send(.options, "/knot/api/v1/hints/search", token: user.accessToken)
            #expect(search.status == .methodNotAllowed)
            #expect(search.headers[.allow] == "GET, HEAD", "not the DELETE of /hints/{id}")
            let generate = try await client.send(.get, "/knot/api/v1/recommendations/generate", token: user.accessToken)
            #expect(generate.headers[.allow] == "POST", "not the GET of /recommendations/{id}")
            let byID = try await client.send(.put, "/knot/api/v1/recommendations/\(UUID())", token: user.accessToken)
            #expect(byID.headers[.allow] == "GET, HEAD")
            // Unknown paths stay 404, and routes that exist still answer.
            #expect(try await client.send(.get, "/knot/api/v1/nothing-here", token: user.accessToken).status == .notFound)
            #expect(try await client.send(.delete, "/knot/api/v1/hints/\(UUID())", token: user.accessToken).status == .notFound)
            #expect(try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken).status == .notFound)
        }
    }

    /// The document's `timezone` enum (IANA names this platform knows) must be exactly what
    /// `PUT /users/me/notification-preferences` accepts: schema-valid input was refused before.
    @Test("every time zone the document lists is accepted")
    func documentedTimeZonesAreAccepted() async throws {
        let document = try KnotApp.servedOpenAPIDocument().object
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let update = try #require(schemas["NotificationPreferencesUpdate"] as? [String: Any])
        let zones = try #require(((update["properties"] as? [String: Any])?["timezone"] as? [String: Any])?["enum"] as? [Any]).compactMap { $0 as? String }
        #expect(zones.count > 300)
        #expect(zones.contains("UTC") && zones.contains("America/Chicago"))
        try await withServer(.sqlite) { client, _ in
            let user = try await client.signIn()
            var refused: [String] = []
            for zone in zones {
                let response = try await client.send(.put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: ["timezone": zone])
                if response.status != .ok { refused.append(zone) }
            }
            #expect(refused.isEmpty, "documented but refused: \(refused)")
        }
    }

    /// Properties the server ignores are still checked by StrictJSON (no control character in any
    /// string or key → 422); the document says so (`JSONValue`), where it used to allow anything.
    @Test("an ignored property holding a control character is refused, a clean one ignored, as documented")
    func ignoredPropertiesFollowTheDocument() async throws {
        let document = try KnotApp.servedOpenAPIDocument().object
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let hintInput = try #require(schemas["HintInput"] as? [String: Any])
        #expect((hintInput["additionalProperties"] as? [String: Any])?["$ref"] as? String == "#/components/schemas/JSONValue")
        try await withServer(.sqlite) { client, _ in
            let user = try await client.signIn()
            let refused = try await client.send(.put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: ["x\u{3}": ["nested": true]])
            #expect(refused.status == .unprocessableContent)
            let ignored = try await client.send(
                .put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: ["extra": ["nested": ["fine"]], "quiet_hours_start": 21])
            #expect(ignored.status == .ok, "\(ignored.text)")
        }
    }

    /// Text limits count grapheme clusters after trimming; JSON Schema's maxLength counts code points,
    /// so the document states the limits in descriptions (a maxLength contradicted the server both ways).
    @Test("a sign-in email longer in code points than in characters is accepted, and the document sets no maxLength on it")
    func textLimitsAreCharacters() async throws {
        let document = try KnotApp.servedOpenAPIDocument().object
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let email = try #require(((schemas["DevSignInRequest"] as? [String: Any])?["properties"] as? [String: Any])?["email"] as? [String: Any])
        #expect(email["maxLength"] == nil)
        try await withServer(.sqlite) { client, _ in
            // 212 characters, 262 code points (e + combining acute accent, 50 times).
            let local = String(repeating: "e\u{301}", count: 50) + String(repeating: "a", count: 150)
            let address = local + "@example.com"
            #expect(address.count <= 254 && address.unicodeScalars.count > 254)
            let response = try await client.send(.post, "/knot/auth/dev", json: ["email": address])
            #expect(response.status == .ok, "\(response.text)")
        }
    }

    @Test("a hint whose one character stacks 50,000 combining marks is a 422 naming hint_text, on both databases", arguments: TestDatabase.allCases)
    func heavyCharacterIsRefused(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            let heavy = try await client.send(
                .post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "likes jazz" + String(repeating: "\u{301}", count: 50_000)])
            #expect(heavy.status == .unprocessableContent)
            #expect(heavy.errorFields == ["hint_text"] && heavy.text.contains("code points in one character"), "\(heavy.text.prefix(300))")
        }
    }

    /// The document's email pattern spells whitespace out as the server trims it (Unicode White_Space):
    /// with `\s`, U+0085 counted as whitespace in one regex dialect and not in the other, and an
    /// address the document allowed was refused.
    @Test(
        "the documented email pattern and the server agree on unusual whitespace",
        arguments: ["a\u{85}b@example.com", "a\u{A0}b@example.com", "a\u{3000}@example.com", "ab@exa\u{2028}mple.com", "a\u{FEFF}b@example.com", "plain@example.com"])
    func emailPatternMatchesServer(_ address: String) async throws {
        let document = try KnotApp.servedOpenAPIDocument().object
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let email = try #require(((schemas["DevSignInRequest"] as? [String: Any])?["properties"] as? [String: Any])?["email"] as? [String: Any])
        let regex = try NSRegularExpression(pattern: try #require(email["pattern"] as? String))
        let documentAccepts = regex.firstMatch(in: address, range: NSRange(address.startIndex..., in: address)) != nil
        try await withServer(.sqlite) { client, _ in
            let response = try await client.send(.post, "/knot/auth/dev", json: ["email": address])
            #expect((response.status == .ok) == documentAccepts, "document accepts: \(documentAccepts), server: \(response.status) \(response.text)")
        }
    }
}
