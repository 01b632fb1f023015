import AppServer
import Foundation
import HTTPTypes
import PlatformCore
import TestSupport
import Testing
import Zia
import ZiaAPI

/// `ETag` on a pantry item's 201 and 200, and `If-Match` on its `PUT` and `DELETE` (412
/// `precondition_failed` when the item changed since; 404 and 422 win over it), through the HTTP
/// API on both databases.
@Suite("Zia pantry If-Match", .timeLimit(.minutes(3)))
struct PantryIfMatchAPITests {
    static var path: String { ZiaRoutes.pantry.endpoint.path }

    static func with(_ database: TestDatabase, _ body: @Sendable (TestClient, TestClock) async throws -> Void) async throws {
        let clock = TestClock()
        try await withServer(database, configure: { $0.apps = [ZiaApp.id] }, dependencies: .init(clock: clock, extraModules: ZiaServer.modules)) { client, _ in
            try await body(client, clock)
        }
    }

    static func send(
        _ client: TestClient, _ method: HTTPRequest.Method, _ path: String, _ user: SignedIn, ifMatch: String?, json: [String: Any]? = nil
    ) async throws -> APIResponse {
        var headers: HTTPFields = [:]
        if let ifMatch { headers[.ifMatch] = ifMatch }
        let body = try json.map { try JSONSerialization.data(withJSONObject: $0) }
        return try await client.send(method, path, token: user.accessToken, body: body, headers: headers)
    }

    /// The tag a client builds from the `updated_at` of a JSON answer.
    static func tag(_ response: APIResponse) throws -> String {
        EntityTag(updatedAt: try response.decode(PantryItem.self).updatedAt).description
    }

    @Test("two writes at one reading of the clock are two versions, so the first one's tag is stale after the second", arguments: TestDatabase.allCases)
    func sameInstant(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let added = try await Self.send(client, .post, Self.path, user, ifMatch: nil, json: ["name": "oats", "quantity": 1, "unit": "kg"])
            let item = Self.path + "/" + (try added.decode(PantryItem.self).id.uuid.uuidString)
            let first = try await Self.send(client, .put, item, user, ifMatch: nil, json: ["name": "oats", "quantity": 2, "unit": "kg"])
            let second = try await Self.send(client, .put, item, user, ifMatch: nil, json: ["name": "oats", "quantity": 3, "unit": "kg"])
            let (v1, v2) = (try #require(first.headers[.eTag]), try #require(second.headers[.eTag]))
            #expect(first.status == .ok && second.status == .ok && v1 != v2 && v1 != added.headers[.eTag], "\(v1) \(v2)")
            let stale = try await Self.send(client, .put, item, user, ifMatch: v1, json: ["name": "oats", "quantity": 9, "unit": "kg"])
            #expect(stale.status == .preconditionFailed, "\(stale.text)")
            let listed = try await client.send(.get, Self.path, token: user.accessToken).decode(PantryList.self).items
            #expect(listed.map(\.quantity) == [3], "the stale write changed nothing")
        }
    }

    @Test("the 201 and the PUT's 200 carry the item's version; a PUT with the current tag changes it, a stale tag is a 412 that changes nothing", arguments: TestDatabase.allCases)
    func updates(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock in
            let user = try await client.signIn(app: "zia")
            let added = try await Self.send(client, .post, Self.path, user, ifMatch: nil, json: ["name": "rice", "quantity": 1, "unit": "kg"])
            #expect(added.status == .created, "\(added.text)")
            let v1 = try Self.tag(added)
            #expect(added.headers[.eTag] == v1)
            let item = Self.path + "/" + (try added.decode(PantryItem.self).id.uuid.uuidString)

            clock.advance(by: 1)
            let changed = try await Self.send(client, .put, item, user, ifMatch: v1, json: ["name": "rice", "quantity": 2, "unit": "kg"])
            #expect(changed.status == .ok, "\(changed.text)")
            let v2 = try #require(changed.headers[.eTag])
            #expect(v2 == (try Self.tag(changed)) && v2 != v1)

            clock.advance(by: 1)
            let stale = try await Self.send(client, .put, item, user, ifMatch: v1, json: ["name": "rice", "quantity": 9, "unit": "kg"])
            #expect(stale.status == .preconditionFailed && stale.errorCode == "precondition_failed", "\(stale.text)")
            #expect(stale.text.contains("This pantry item changed since you last loaded it"))
            let listed = try await client.send(.get, Self.path, token: user.accessToken).decode(PantryList.self).items
            #expect(listed.map(\.quantity) == [2], "the stale write changed nothing")

            // Without the header the write is unconditional, as before.
            #expect(try await Self.send(client, .put, item, user, ifMatch: nil, json: ["name": "rice", "quantity": 3]).status == .ok)
            #expect(try await Self.send(client, .put, item, user, ifMatch: "*", json: ["name": "rice", "quantity": 4]).status == .ok)
        }
    }

    @Test("a DELETE with a stale tag is a 412 and keeps the item; the current tag deletes it; 422 and 404 win over a stale tag", arguments: TestDatabase.allCases)
    func deletes(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let added = try await Self.send(client, .post, Self.path, user, ifMatch: nil, json: ["name": "milk"])
            let v1 = try Self.tag(added)
            let item = Self.path + "/" + (try added.decode(PantryItem.self).id.uuid.uuidString)
            clock.advance(by: 1)
            let changed = try await Self.send(client, .put, item, user, ifMatch: nil, json: ["name": "oat milk"])
            let v2 = try #require(changed.headers[.eTag])

            let invalid = try await Self.send(client, .put, item, user, ifMatch: v1, json: ["name": " "])
            #expect(invalid.status == .unprocessableContent, "a 422 wins over a stale version: \(invalid.text)")
            let foreign = try await Self.send(client, .delete, item, other, ifMatch: v2)
            #expect(foreign.status == .notFound, "another user's item is a 404 whatever the tag")

            let stale = try await Self.send(client, .delete, item, user, ifMatch: v1)
            #expect(stale.status == .preconditionFailed, "\(stale.text)")
            #expect(try await client.send(.get, Self.path, token: user.accessToken).decode(PantryList.self).items.count == 1)
            #expect(try await Self.send(client, .delete, item, user, ifMatch: v2).status == .noContent)
            #expect(try await Self.send(client, .delete, item, user, ifMatch: v2).status == .notFound)
        }
    }
}
