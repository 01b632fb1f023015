import AppServer
import Foundation
import HTTPTypes
import Knot
import KnotAPI
import KnotTestSupport
import PlatformCore
import TestSupport
import Testing

/// `ETag` on the vault's 201, `GET` and `PUT`, and `If-Match` on its `PUT` (412
/// `precondition_failed` when the vault changed since; 404 and 422 win over it), through the HTTP
/// API on both databases.
@Suite("Knot vault If-Match and ETag", .timeLimit(.minutes(3)))
struct VaultIfMatchAPITests {
    static let path = "/knot/api/v1/vault"

    static func with(_ database: TestDatabase, _ body: @Sendable (TestClient, TestClock) async throws -> Void) async throws {
        // A quarter of a millisecond into the current second, and so every version the tests make
        // (whole seconds and milliseconds on): never at a millisecond boundary, where the wire may
        // show an instant as the millisecond before (EntityVersion), so an answer's tag and a later
        // GET's are equal.
        let clock = TestClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down) + 0.000_25))
        try await withServer(database, dependencies: .init(clock: clock)) { client, _ in try await body(client, clock) }
    }

    static func send(_ client: TestClient, _ method: HTTPRequest.Method, _ user: SignedIn, ifMatch: String?, json: [String: Any]? = nil) async throws -> APIResponse {
        var headers: HTTPFields = [:]
        if let ifMatch { headers[.ifMatch] = ifMatch }
        let body = try json.map { try JSONSerialization.data(withJSONObject: $0) }
        return try await client.send(method, Self.path, token: user.accessToken, body: body, headers: headers)
    }

    /// The tag a client builds from the `updated_at` of a JSON answer.
    static func tag(fromJSON response: APIResponse) throws -> String {
        let text = try #require(response.json["updated_at"] as? String)
        return EntityTag(updatedAt: try #require(ISO8601.date(from: text))).description
    }

    static func created(_ client: TestClient, _ user: SignedIn, name: String = "Alex") async throws -> APIResponse {
        let response = try await Self.send(client, .post, user, ifMatch: nil, json: validVaultPayload(name: name))
        guard response.status == .created else { throw TestFailure("create failed: \(response.status) \(response.text)") }
        return response
    }

    @Test("ETag on the 201, GET and PUT: the tag of the JSON updated_at, and a new one after every PUT", arguments: TestDatabase.allCases)
    func eTags(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock in
            let user = try await client.signIn()
            let created = try await Self.created(client, user)
            let v1 = try #require(created.headers[.eTag], "\(created.headers)")
            #expect(v1 == (try Self.tag(fromJSON: created)))

            let read = try await client.send(.get, Self.path, token: user.accessToken)
            #expect(read.status == .ok)
            #expect(read.headers[.eTag] == v1)
            #expect(read.headers[.eTag] == (try Self.tag(fromJSON: read)))

            clock.advance(by: 1)
            let replaced = try await Self.send(client, .put, user, ifMatch: nil, json: validVaultPayload(name: "Sam"))
            #expect(replaced.status == .ok, "\(replaced.text)")
            let v2 = try #require(replaced.headers[.eTag])
            let v2JSON = try Self.tag(fromJSON: replaced)
            #expect(v2 == v2JSON && v2 != v1, "a replace is a new version")
            #expect(try await client.send(.get, Self.path, token: user.accessToken).headers[.eTag] == v2)

            // Two replaces at one reading of the clock are two versions still.
            let again = try await Self.send(client, .put, user, ifMatch: nil, json: validVaultPayload(name: "Sam"))
            #expect(again.status == .ok)
            let v3 = try #require(again.headers[.eTag])
            let v3JSON = try Self.tag(fromJSON: again)
            #expect(v3 != v2 && v3 == v3JSON)
            #expect(try await client.send(.get, Self.path, token: user.accessToken).headers[.eTag] == v3)
        }
    }

    @Test(
        "PUT with the current ETag (or *, or a list holding it) replaces; a stale or unreadable one is 412 and the vault stays as it was; without If-Match it replaces unconditionally",
        arguments: TestDatabase.allCases)
    func replaces(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock in
            let user = try await client.signIn()
            let v1 = try #require(try await Self.created(client, user).headers[.eTag])

            clock.advance(by: 1)
            let first = try await Self.send(client, .put, user, ifMatch: v1, json: validVaultPayload(name: "Sam"))
            #expect(first.status == .ok, "\(first.text)")
            #expect(first.json["partner_name"] as? String == "Sam")
            let v2 = try #require(first.headers[.eTag])
            let before = try await client.send(.get, Self.path, token: user.accessToken)

            // v1 is stale now: 412, and nothing of the vault changes (name, interests, milestones, version).
            clock.advance(by: 1)
            var stalePayload = validVaultPayload(name: "Stale")
            stalePayload["interests"] = ["Travel", "Wine", "Art", "Yoga", "Beach"]
            stalePayload["milestones"] = [["milestone_type": "birthday", "milestone_name": "Birthday", "milestone_date": "2000-01-01", "recurrence": "yearly"]]
            let stale = try await Self.send(client, .put, user, ifMatch: v1, json: stalePayload)
            #expect(stale.status == .preconditionFailed, "\(stale.status) \(stale.text)")
            #expect(stale.errorCode == "precondition_failed")
            #expect(stale.text.contains("This partner vault changed since you last loaded it"), "\(stale.text)")
            #expect(stale.headers[.eTag] == nil)
            let after = try await client.send(.get, Self.path, token: user.accessToken)
            #expect(after.text == before.text, "the stale replace changed nothing")
            #expect(after.headers[.eTag] == v2)

            // An invalid vault is a 422 whatever If-Match says.
            var invalid = validVaultPayload()
            invalid["partner_name"] = "   "
            let refused = try await Self.send(client, .put, user, ifMatch: v1, json: invalid)
            #expect(refused.status == .unprocessableContent, "a 422 wins over a stale version: \(refused.status) \(refused.text)")

            // Not written as tags (the current tag without its quotes too): the platform's 412 saying how to write it.
            let unquoted = String(v2.dropFirst().dropLast())
            for garbage in ["nonsense", unquoted] {
                let unreadable = try await Self.send(client, .put, user, ifMatch: garbage, json: stalePayload)
                #expect(unreadable.status == .preconditionFailed, "\(garbage.debugDescription)")
                #expect(unreadable.text.contains("If-Match must be * or the ETag this server sent, quotes included"), "\(garbage.debugDescription): \(unreadable.text)")
            }
            #expect(try await client.send(.get, Self.path, token: user.accessToken).text == before.text, "nor did the unreadable ones")

            let listed = try await Self.send(client, .put, user, ifMatch: "\(v1), \(v2)", json: validVaultPayload(name: "Listed"))
            #expect(listed.status == .ok, "a list holding the current tag: \(listed.text)")
            #expect(try await Self.send(client, .put, user, ifMatch: "*", json: validVaultPayload(name: "Any")).status == .ok, "* matches any version")
            let unconditional = try await Self.send(client, .put, user, ifMatch: nil, json: validVaultPayload(name: "Plain"))
            #expect(unconditional.status == .ok, "no If-Match, no condition")
            #expect(try await client.send(KnotRoutes.vault, token: user.accessToken).value?.partnerName == "Plain")
            // The tag the client builds from the JSON works as well as the header.
            let fromJSON = try Self.tag(fromJSON: unconditional)
            #expect(try await Self.send(client, .put, user, ifMatch: fromJSON, json: validVaultPayload(name: "Again")).status == .ok)
        }
    }

    @Test("another user's vault can't be touched with its ETag: 404 without a vault of their own, 412 against their own", arguments: TestDatabase.allCases)
    func otherUsersVault(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock in
            let owner = try await client.signIn()
            let other = try await client.signIn()
            let tag = try #require(try await Self.created(client, owner).headers[.eTag])
            let before = try await client.send(.get, Self.path, token: owner.accessToken)

            // No vault of their own: 404 whatever If-Match says (404 wins over 412).
            for ifMatch in [tag, "*", "\"2000-01-01T00:00:00.000Z\"", "nonsense"] {
                let put = try await Self.send(client, .put, other, ifMatch: ifMatch, json: validVaultPayload(name: "Mallory"))
                #expect(put.status == .notFound, "\(ifMatch): \(put.status) \(put.text)")
                #expect(put.errorCode == "vault_not_found")
            }

            // With a vault of their own (another version), the owner's tag is stale for it.
            clock.advance(by: 1)
            _ = try await Self.created(client, other, name: "Sam")
            let stale = try await Self.send(client, .put, other, ifMatch: tag, json: validVaultPayload(name: "Mallory"))
            #expect(stale.status == .preconditionFailed, "\(stale.status) \(stale.text)")
            #expect(try await client.send(KnotRoutes.vault, token: other.accessToken).value?.partnerName == "Sam")
            #expect(try await Self.send(client, .put, other, ifMatch: "*", json: validVaultPayload(name: "Mallory")).status == .ok)

            let after = try await client.send(.get, Self.path, token: owner.accessToken)
            #expect(after.text == before.text, "the owner's vault is untouched")
            #expect(after.headers[.eTag] == tag)
            #expect(try await Self.send(client, .put, owner, ifMatch: tag, json: validVaultPayload(name: "Alexandra")).status == .ok, "and its tag still current")
        }
    }

    @Test("concurrent replaces naming the same version: exactly one lands, the others are 412 (the check and the write are one transaction)", arguments: TestDatabase.allCases)
    func concurrentReplaces(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, _ in
            let user = try await client.signIn()
            let tag = try #require(try await Self.created(client, user).headers[.eTag])
            let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for index in 0..<6 {
                    group.addTask {
                        let answer = try await Self.send(client, .put, user, ifMatch: tag, json: validVaultPayload(name: "Sam \(index)"))
                        return (Int(answer.status.code), answer.headers[.eTag])
                    }
                }
                return try await group.reduce(into: [(Int, String?)]()) { $0.append($1) }
            }
            let statuses = answers.map { $0.0 }
            #expect(statuses.filter { $0 == 200 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 412 }.count == 5, "\(statuses)")
            let read = try await client.send(.get, Self.path, token: user.accessToken)
            #expect(read.headers[.eTag] == answers.first { $0.0 == 200 }?.1, "the vault is the one replace that landed")
        }
    }

    @Test("the document: ETag on the vault's 201, GET and PUT answers; If-Match and 412 on its PUT")
    func documented() throws {
        let document = try KnotApp.servedOpenAPIDocument().object
        let paths = try #require(document["paths"] as? [String: Any])
        let vault = try #require(paths["/api/v1/vault"] as? [String: Any])
        func operation(_ method: String) -> [String: Any] { vault[method] as? [String: Any] ?? [:] }
        func response(_ method: String, _ code: String) -> [String: Any]? { (operation(method)["responses"] as? [String: Any])?[code] as? [String: Any] }
        func eTag(_ method: String, _ code: String) -> String? {
            ((response(method, code)?["headers"] as? [String: Any])?["ETag"] as? [String: Any])?["$ref"] as? String
        }
        #expect(eTag("post", "201") == "#/components/headers/ETag")
        #expect(eTag("get", "200") == "#/components/headers/ETag")
        #expect(eTag("put", "200") == "#/components/headers/ETag")
        let parameters = (operation("put")["parameters"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
        #expect(parameters.contains("#/components/parameters/IfMatch"))
        #expect(response("put", "412")?["$ref"] as? String == "#/components/responses/PreconditionFailed")
    }
}
