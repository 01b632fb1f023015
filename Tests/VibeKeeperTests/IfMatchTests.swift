import AppServer
import Foundation
import HTTPTypes
import PlatformCore
import Synchronization
import TestSupport
import Testing
import VibeKeeper
import VibeKeeperAPI

/// A clock that moves on by `stepMicroseconds` every time it is read, so every write gets a version
/// of its own; whole microseconds, as the system clock gives them (SystemTime).
final class SteppingClock: TimeSource, Sendable {
    private let microseconds: Mutex<Int64>
    let step: Int64

    init(_ start: Date, stepMicroseconds: Int64) {
        microseconds = Mutex(Int64(start.timeIntervalSince1970 * 1_000_000))
        step = stepMicroseconds
    }

    func now() -> Date {
        let value = microseconds.withLock { value in
            value += step
            return value
        }
        return Date(timeIntervalSince1970: Double(value) / 1_000_000)
    }
}

/// `ETag` on one gift idea, contact, occasion or reminder, and `If-Match` on their PUT and DELETE
/// (412 `precondition_failed` when the entity changed since), through the HTTP API on both databases.
@Suite("VibeKeeper If-Match and ETag", .timeLimit(.minutes(3)))
struct IfMatchTests {
    static let base = "/vibekeeper/api/v1"
    static let start = Date(timeIntervalSince1970: 1_798_459_200)

    /// One kind of entity: how to create one (its 201), its path, a change, and what a 412 calls it.
    struct Kind: Sendable, CustomStringConvertible {
        let name: String
        let create: @Sendable (TestClient, SignedIn) async throws -> APIResponse
        let path: String
        let change: [String: String]
        let invalid: [String: String]  // a change refused with 422
        let readable: Bool  // has GET /{id}
        var description: String { name }
    }

    static func created(_ response: APIResponse) throws -> APIResponse {
        guard response.status == .created else { throw TestFailure("create failed: \(response.status) \(response.text)") }
        return response
    }

    static let kinds: [Kind] = [
        Kind(
            name: "gift idea", create: { client, user in try await client.send(.post, "\(base)/gift-ideas", token: user.accessToken, json: ["idea": "a scarf"]) },
            path: "gift-ideas", change: ["idea": "a red scarf"], invalid: ["idea": " "], readable: true),
        Kind(
            name: "contact", create: { client, user in try await client.send(.post, "\(base)/contacts", token: user.accessToken, json: ["name": "Mom"]) },
            path: "contacts", change: ["name": "Mum"], invalid: ["name": " "], readable: true),
        Kind(
            name: "occasion",
            create: { client, user in
                let contact = try created(try await client.send(.post, "\(base)/contacts", token: user.accessToken, json: ["name": "Mom"]))
                let id = contact.json["id"] as! String
                return try await client.send(.post, "\(base)/contacts/\(id)/occasions", token: user.accessToken, json: ["name": "Birthday", "date": "1960-03-05"])
            }, path: "occasions", change: ["name": "Big birthday"], invalid: ["name": " "], readable: false),
        Kind(
            name: "reminder",
            create: { client, user in
                let idea = try created(try await client.send(.post, "\(base)/gift-ideas", token: user.accessToken, json: ["idea": "a scarf"]))
                return try await client.send(
                    .post, "\(base)/reminders", token: user.accessToken,
                    json: ["gift_idea_id": idea.json["id"] as! String, "scheduled_for": ISO8601.string(from: start.addingTimeInterval(10 * 86400))])
            }, path: "reminders", change: ["message": "Buy the scarf"], invalid: ["scheduled_for": "not a time"], readable: true),
    ]

    static func send(
        _ client: TestClient, _ method: HTTPRequest.Method, _ path: String, _ user: SignedIn, ifMatch: String?, json: [String: String]? = nil
    ) async throws -> APIResponse {
        var headers: HTTPFields = [:]
        if let ifMatch { headers[.ifMatch] = ifMatch }
        let body = try json.map { try JSONSerialization.data(withJSONObject: $0) }
        return try await client.send(method, path, token: user.accessToken, body: body, headers: headers)
    }

    /// The tag a client builds from the `updated_at` of a JSON answer.
    static func tag(fromJSON response: APIResponse) throws -> String {
        let text = try #require(response.json["updated_at"] as? String)
        return EntityTag(updatedAt: try #require(ISO8601.date(from: text))).description
    }

    static func withTaggedServer<T: Sendable>(_ database: TestDatabase, _ body: @Sendable (TestClient) async throws -> T) async throws -> T {
        // Every reading an instant of its own (10.123 ms apart, off millisecond boundaries), so a
        // change always makes a new version.
        try await withServer(database, dependencies: ServerDependencies(clock: SteppingClock(start, stepMicroseconds: 10_123))) { client, _ in try await body(client) }
    }

    @Test("ETag on the 201, GET and PUT of one entity: the tag of its JSON updated_at", arguments: TestDatabase.allCases, kinds)
    func eTags(_ database: TestDatabase, _ kind: Kind) async throws {
        try await Self.withTaggedServer(database) { client in
            let user = try await client.signIn(app: "vibekeeper")
            let created = try Self.created(try await kind.create(client, user))
            let id = try #require(created.json["id"] as? String)
            #expect(created.headers[.eTag] == (try Self.tag(fromJSON: created)), "\(kind): \(created.headers)")
            if kind.readable {
                let read = try await client.send(.get, "\(Self.base)/\(kind.path)/\(id)", token: user.accessToken)
                #expect(read.headers[.eTag] == (try Self.tag(fromJSON: read)))
                #expect(read.headers[.eTag] == created.headers[.eTag])
            }
            let changed = try await Self.send(client, .put, "\(Self.base)/\(kind.path)/\(id)", user, ifMatch: nil, json: kind.change)
            #expect(changed.status == .ok, "\(changed.text)")
            #expect(changed.headers[.eTag] == (try Self.tag(fromJSON: changed)))
            #expect(changed.headers[.eTag] != created.headers[.eTag], "a change is a new version")
        }
    }

    @Test(
        "If-Match: the current tag (or *, or a list holding it) updates; a stale or garbage one is 412 and changes nothing; absent, writes are unconditional",
        arguments: TestDatabase.allCases, kinds)
    func updates(_ database: TestDatabase, _ kind: Kind) async throws {
        try await Self.withTaggedServer(database) { client in
            let user = try await client.signIn(app: "vibekeeper")
            let created = try Self.created(try await kind.create(client, user))
            let id = try #require(created.json["id"] as? String)
            let path = "\(Self.base)/\(kind.path)/\(id)"
            let v1 = try Self.tag(fromJSON: created)

            let first = try await Self.send(client, .put, path, user, ifMatch: v1, json: kind.change)
            #expect(first.status == .ok, "\(kind): \(first.text)")
            let v2 = try #require(first.headers[.eTag])

            // v1 is stale now: 412, and the entity stays as it is.
            let stale = try await Self.send(
                client, .put, path, user, ifMatch: v1, json: ["name": "ignored", "idea": "ignored", "message": "ignored"].filter { kind.change[$0.key] != nil })
            #expect(stale.status == .preconditionFailed, "\(kind): \(stale.status) \(stale.text)")
            #expect(stale.errorCode == "precondition_failed")
            #expect(stale.text.contains("This \(kind.name) changed since you last loaded it"), "\(stale.text)")
            #expect(!(try await Self.current(client, kind, id, user).text.contains("ignored")), "nothing changed")

            // An invalid change is a 422 whatever If-Match says.
            let invalid = try await Self.send(client, .put, path, user, ifMatch: v1, json: kind.invalid)
            #expect(invalid.status == .unprocessableContent, "\(kind): \(invalid.status) \(invalid.text)")

            // Not written as tags (the current tag without its quotes too): 412, saying how to write it.
            let unquoted = String(v2.dropFirst().dropLast())
            for garbage in ["nonsense", "W/", "", ",", unquoted, "\(unquoted), \(v1)"] {
                let refused = try await Self.send(client, .put, path, user, ifMatch: garbage, json: kind.change)
                #expect(refused.status == .preconditionFailed, "\(garbage.debugDescription)")
                #expect(refused.text.contains("If-Match must be * or the ETag this server sent, quotes included"), "\(garbage.debugDescription): \(refused.text)")
            }
            // A tag that is written as one but names no version is a change since.
            #expect(try await Self.send(client, .put, path, user, ifMatch: "\"\"", json: kind.change).text.contains("changed since you last loaded it"))
            #expect(try await Self.send(client, .put, path, user, ifMatch: "\(v1), \(v2)", json: kind.change).status == .ok, "a list holding the current tag")
            #expect(try await Self.send(client, .put, path, user, ifMatch: "*", json: kind.change).status == .ok, "* matches any version")
            #expect(try await Self.send(client, .put, path, user, ifMatch: nil, json: kind.change).status == .ok, "no If-Match, no condition")
            // A weak tag compares by its text.
            let latest = try await Self.send(client, .put, path, user, ifMatch: nil, json: kind.change)
            #expect(try await Self.send(client, .put, path, user, ifMatch: "W/" + (try Self.tag(fromJSON: latest)), json: kind.change).status == .ok)
        }
    }

    /// The entity as stored now, as status and JSON text (a listing for occasions, which have no GET of their own).
    static func current(_ client: TestClient, _ kind: Kind, _ id: String, _ user: SignedIn) async throws -> (status: HTTPResponse.Status, text: String) {
        if kind.readable {
            let response = try await client.send(.get, "\(base)/\(kind.path)/\(id)", token: user.accessToken)
            return (response.status, response.text)
        }
        for contact in try await client.send(VibeKeeperRoutes.contacts, token: user.accessToken).value ?? [] {
            let list = try await client.send(VibeKeeperRoutes.occasions, contact.id, token: user.accessToken)
            for occasion in try JSONSerialization.jsonObject(with: list.response.body) as? [[String: Any]] ?? [] where occasion["id"] as? String == id {
                return (.ok, String(decoding: try JSONSerialization.data(withJSONObject: occasion), as: UTF8.self))
            }
        }
        return (.notFound, "")
    }

    @Test("DELETE with a stale tag is 412 and the entity stays; with the current one it goes", arguments: TestDatabase.allCases, kinds)
    func deletes(_ database: TestDatabase, _ kind: Kind) async throws {
        try await Self.withTaggedServer(database) { client in
            let user = try await client.signIn(app: "vibekeeper")
            let created = try Self.created(try await kind.create(client, user))
            let id = try #require(created.json["id"] as? String)
            let path = "\(Self.base)/\(kind.path)/\(id)"
            let v1 = try Self.tag(fromJSON: created)
            let changed = try await Self.send(client, .put, path, user, ifMatch: nil, json: kind.change)
            let v2 = try #require(changed.headers[.eTag])

            let stale = try await Self.send(client, .delete, path, user, ifMatch: v1)
            #expect(stale.status == .preconditionFailed && stale.errorCode == "precondition_failed", "\(kind): \(stale.text)")
            #expect(try await Self.current(client, kind, id, user).status == .ok, "still there")
            #expect(try await Self.send(client, .delete, path, user, ifMatch: "garbage").status == .preconditionFailed)
            #expect(try await Self.send(client, .delete, path, user, ifMatch: v2).status == .noContent)
            #expect(try await Self.current(client, kind, id, user).status == .notFound)
            // Gone: 404, whatever If-Match says.
            #expect(try await Self.send(client, .delete, path, user, ifMatch: v2).status == .notFound)
        }
    }

    @Test("another user's or a missing entity stays 404 with If-Match (404 wins over 412)", arguments: TestDatabase.allCases, kinds)
    func notFoundWins(_ database: TestDatabase, _ kind: Kind) async throws {
        try await Self.withTaggedServer(database) { client in
            let owner = try await client.signIn(app: "vibekeeper")
            let other = try await client.signIn(app: "vibekeeper")
            let created = try Self.created(try await kind.create(client, owner))
            let id = try #require(created.json["id"] as? String)
            let tag = try Self.tag(fromJSON: created)
            for ifMatch in [tag, "*", "\"2000-01-01T00:00:00.000Z\""] {
                let put = try await Self.send(client, .put, "\(Self.base)/\(kind.path)/\(id)", other, ifMatch: ifMatch, json: kind.change)
                #expect(put.status == .notFound, "\(kind) PUT \(ifMatch): \(put.status)")
                let delete = try await Self.send(client, .delete, "\(Self.base)/\(kind.path)/\(id)", other, ifMatch: ifMatch)
                #expect(delete.status == .notFound, "\(kind) DELETE \(ifMatch): \(delete.status)")
                let missing = try await Self.send(client, .put, "\(Self.base)/\(kind.path)/\(UUID().uuidString.lowercased())", owner, ifMatch: ifMatch, json: kind.change)
                #expect(missing.status == .notFound)
            }
            #expect(try await Self.send(client, .put, "\(Self.base)/\(kind.path)/\(id)", owner, ifMatch: tag, json: kind.change).status == .ok, "untouched by the probes")
        }
    }

    @Test("concurrent writes naming the same version: exactly one lands, the others are 412 (the check and the write are one transaction)", arguments: TestDatabase.allCases)
    func concurrentWrites(_ database: TestDatabase) async throws {
        try await Self.withTaggedServer(database) { client in
            let user = try await client.signIn(app: "vibekeeper")
            let created = try Self.created(try await client.send(.post, "\(Self.base)/gift-ideas", token: user.accessToken, json: ["idea": "a scarf"]))
            let id = try #require(created.json["id"] as? String)
            let tag = try Self.tag(fromJSON: created)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        Int(try await Self.send(client, .put, "\(Self.base)/gift-ideas/\(id)", user, ifMatch: tag, json: ["idea": "scarf \(index)"]).status.code)
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 412 }.count == 7, "\(statuses)")
        }
    }

    @Test("the tag the server sends equals the one a client builds from the JSON updated_at, at every sub-millisecond instant, and matches it")
    func tagsAgreeWithTheWire() throws {
        // Stored instants have microseconds; .999 and .000 sit at millisecond boundaries.
        let second: Int64 = 1_798_459_200
        for micro in [0, 1, 499, 500, 998, 999] + (0..<200).map { _ in Int64.random(in: 0..<1000) } {
            for millis: Int64 in [0, 1, 998, 999] {
                // A stored instant: whole microseconds, as the clock gives them and the databases keep them.
                let instant = Date(timeIntervalSince1970: Double(second * 1_000_000 + millis * 1000 + micro) / 1_000_000)
                let shown = ISO8601.string(from: instant)
                let clientTag = EntityTag(updatedAt: try #require(ISO8601.date(from: shown)))
                #expect(EntityVersion.tag(instant) == clientTag, "\(instant.timeIntervalSince1970): \(shown)")
                #expect(EntityVersion.isMatched(instant, byIfMatch: clientTag.description))
                // The same instant read back from a database (through its own representation) too.
                let readBack = Date(timeIntervalSince1970: instant.timeIntervalSince1970)
                #expect(EntityVersion.isMatched(readBack, byIfMatch: clientTag.description))
                // Two milliseconds away is another version. (One millisecond on, exactly on the
                // boundary, the wire itself may show the same millisecond: see EntityVersion.)
                #expect(!EntityVersion.isMatched(instant.addingTimeInterval(0.002), byIfMatch: clientTag.description))
                #expect(!EntityVersion.isMatched(instant.addingTimeInterval(-0.002), byIfMatch: clientTag.description))
                if micro > 0 {
                    #expect(!EntityVersion.isMatched(instant.addingTimeInterval(0.001), byIfMatch: clientTag.description))
                    #expect(!EntityVersion.isMatched(instant.addingTimeInterval(-0.001), byIfMatch: clientTag.description))
                }
            }
        }
    }

    @Test("the document: If-Match and 412 on the PUT and DELETE of the four kinds, ETag on their 201, GET and PUT answers, Idempotency-Key and 409 on every create")
    func documented() throws {
        let document = try VibeKeeperApp.servedOpenAPIDocument().object
        let paths = try #require(document["paths"] as? [String: Any])
        func operation(_ path: String, _ method: String) -> [String: Any] { (paths[path] as? [String: Any])?[method] as? [String: Any] ?? [:] }
        func parameters(_ path: String, _ method: String) -> [String] {
            (operation(path, method)["parameters"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
        }
        func response(_ path: String, _ method: String, _ code: String) -> [String: Any]? {
            (operation(path, method)["responses"] as? [String: Any])?[code] as? [String: Any]
        }
        for path in ["/api/v1/gift-ideas/{id}", "/api/v1/contacts/{id}", "/api/v1/occasions/{id}", "/api/v1/reminders/{id}"] {
            for method in ["put", "delete"] {
                #expect(parameters(path, method).contains("#/components/parameters/IfMatch"), "\(method) \(path)")
                #expect(response(path, method, "412")?["$ref"] as? String == "#/components/responses/PreconditionFailed", "\(method) \(path)")
            }
            #expect((response(path, "put", "200")?["headers"] as? [String: Any])?["ETag"] != nil, "PUT \(path)")
            if path != "/api/v1/occasions/{id}" { #expect((response(path, "get", "200")?["headers"] as? [String: Any])?["ETag"] != nil, "GET \(path)") }
        }
        for path in ["/api/v1/gift-ideas", "/api/v1/contacts", "/api/v1/contacts/{id}/occasions", "/api/v1/reminders"] {
            #expect((response(path, "post", "201")?["headers"] as? [String: Any])?["ETag"] != nil, "POST \(path)")
        }
        for path in [
            "/api/v1/gift-ideas", "/api/v1/contacts", "/api/v1/contacts/{id}/occasions", "/api/v1/reminders", "/api/v1/capture/text", "/api/v1/capture/voice",
            "/api/v1/capture/image", "/api/v1/capture", "/api/v1/capture/review/{id}/accept",
        ] {
            #expect(parameters(path, "post").contains("#/components/parameters/IdempotencyKey"), "POST \(path)")
            #expect(response(path, "post", "409") != nil && response(path, "post", "422") != nil, "POST \(path)")
        }
    }
}
