import AppServer
import Foundation
import HTTPTypes
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing
import Zia
import ZiaAPI

/// `GET|POST|DELETE /zia/v1/memory` through the HTTP API on both databases, the memories' vectors,
/// the consent rule of ``MemoryStore/memoriesForPrompt(user:domain:)``, export and deletion.
@Suite("Zia memory", .timeLimit(.minutes(3)))
struct MemoryAPITests {
    static var path: String { ZiaRoutes.memories.endpoint.path }
    static func deletePath(_ key: String) -> String { path + "?key=" + key }

    /// How many vectors `user` has in Zia's memory collection.
    static func vectors(of user: String, in database: any Database) async throws -> Int {
        try await database.read { db in
            try await db.raw(
                "SELECT COUNT(*) AS n FROM vector_entries WHERE collection = \(bind: MemoryStore.collection) AND owner_id = \(bind: UUID(uuidString: user)!)"
            ).first()!.decode(column: "n", as: Int.self)
        }
    }

    @Test("a memory is saved by key (replaced on the next save), listed by domain, embedded, and forgotten with its vector", arguments: TestDatabase.allCases)
    func saveListDelete(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let saved = try await client.send(.post, Self.path, token: user.accessToken, json: ["key": "meal_no_mushrooms", "kind": "preference", "value": "  No mushrooms  "])
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(saved.json["value"] as? String == "No mushrooms" && saved.json["domain"] as? String == "meal" && saved.json["kind"] as? String == "preference")
            _ = try await client.send(.post, Self.path, token: user.accessToken, json: ["key": "routine_bath_first", "kind": "fact", "value": "Bath before bed"])
            let replaced = try await client.send(.post, Self.path, token: user.accessToken, json: ["key": "meal_no_mushrooms", "kind": "fact", "value": "Allergic to mushrooms"])
            #expect(replaced.json["created_at"] as? String == saved.json["created_at"] as? String)
            _ = try await client.send(.post, Self.path, token: other.accessToken, json: ["key": "meal_vegan", "kind": "fact", "value": "Vegan"])

            let listed = try await client.send(.get, Self.path, token: user.accessToken)
            #expect(listed.status == .ok, "\(listed.text)")
            let meals0 = try await client.send(.get, Self.path + "?domain=meal", token: user.accessToken)
            #expect(meals0.status == .ok, "\(meals0.text)")
            let all = try listed.decode(MemoryList.self).memories
            #expect(Set(all.map(\.key)) == ["meal_no_mushrooms", "routine_bath_first"])
            #expect(all.first { $0.key == "meal_no_mushrooms" }?.value == "Allergic to mushrooms")
            let meals = try await client.send(.get, Self.path + "?domain=meal", token: user.accessToken).decode(MemoryList.self).memories
            #expect(meals.map(\.key) == ["meal_no_mushrooms"])
            #expect(try await client.send(.get, Self.path + "?domain=chore", token: user.accessToken).decode(MemoryList.self).memories.isEmpty)
            #expect(try await Self.vectors(of: user.userID, in: server.database) == 2)

            #expect(try await client.send(.delete, Self.deletePath("meal_vegan"), token: user.accessToken).status == .notFound, "another user's key is unknown")
            #expect(try await client.send(.delete, Self.deletePath("meal_no_mushrooms"), token: user.accessToken).status == .noContent)
            let again = try await client.send(.delete, Self.deletePath("meal_no_mushrooms"), token: user.accessToken)
            #expect(again.status == .notFound && again.errorCode == "memory_not_found")
            #expect(try await Self.vectors(of: user.userID, in: server.database) == 1)
            #expect(try await Self.vectors(of: other.userID, in: server.database) == 1)
            let anonymous = try await client.send(.get, Self.path)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("bad memories, domains and keys are 422s naming the field", arguments: TestDatabase.allCases)
    func validation(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let cases: [([String: Any], [String])] = [
                ([:], ["key", "kind", "value"]),
                (["key": "mushrooms", "kind": "fact", "value": "x"], ["key"]),
                (["key": "meal_", "kind": "fact", "value": "x"], ["key"]),
                (["key": "meal_No", "kind": "fact", "value": "x"], ["key"]),
                (["key": "meal_" + String(repeating: "a", count: 60), "kind": "fact", "value": "x"], ["key"]),
                (["key": "meal_x", "kind": "wish", "value": "x"], ["kind"]),
                (["key": "meal_x", "kind": "fact", "value": "   "], ["value"]),
                (["key": "meal_x", "kind": "fact", "value": String(repeating: "é", count: 501)], ["value"]),
            ]
            for (body, fields) in cases {
                let response = try await client.send(.post, Self.path, token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent && response.errorFields.sorted() == fields, "\(body): \(response.text)")
            }
            #expect(
                try await client.send(
                    .post, Self.path, token: user.accessToken,
                    json: ["key": "general_" + String(repeating: "a", count: 56), "kind": "fact", "value": String(repeating: "é", count: 500)]
                ).status == .ok)
            for query in ["?domain=food", "?domain=", "?key=meal_x&domain=meal"] {
                let response = try await client.send(.get, Self.path + query, token: user.accessToken)
                #expect(response.status == .unprocessableContent, "\(query): \(response.text)")
            }
            for (query, field) in [("", "key"), ("?key=Meal_x", "key"), ("?key=meal_x&domain=meal", "domain")] {
                let response = try await client.send(.delete, Self.path + query, token: user.accessToken)
                #expect(response.status == .unprocessableContent && response.errorFields.contains(field), "\(query): \(response.text)")
            }
        }
    }

    @Test("memories reach the assistant's prompt only while personalization_consent is on", arguments: TestDatabase.allCases)
    func promptNeedsConsent(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let zia = try #require(server.app(ZiaApp.self))
            let user = try await client.signIn(app: "zia")
            let id = try #require(UserID(user.userID))
            _ = try await client.send(.post, Self.path, token: user.accessToken, json: ["key": "meal_spice", "kind": "preference", "value": "Mild food"])
            _ = try await client.send(.post, Self.path, token: user.accessToken, json: ["key": "routine_nap", "kind": "fact", "value": "Naps at one"])
            #expect(try await zia.memories.memoriesForPrompt(user: id, domain: .meal) == [], "no account row yet: no consent")
            _ = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["personalization_consent": false])
            #expect(try await zia.memories.memoriesForPrompt(user: id, domain: nil) == [])
            _ = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["personalization_consent": true])
            #expect(try await zia.memories.memoriesForPrompt(user: id, domain: .meal) == ["Mild food"])
            #expect(Set(try await zia.memories.memoriesForPrompt(user: id, domain: nil)) == ["Mild food", "Naps at one"])
            _ = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["personalization_consent": false])
            #expect(try await zia.memories.memoriesForPrompt(user: id, domain: .meal) == [], "consent withdrawn")
        }
    }

    @Test("memories and feedback are in the export and gone with the account, vectors too", arguments: TestDatabase.allCases)
    func exportAndDeletion(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let survivor = try await client.signIn(app: "zia")
            for person in [user, survivor] {
                _ = try await client.send(.post, Self.path, token: person.accessToken, json: ["key": "chore_laundry", "kind": "fact", "value": "Laundry on Sundays"])
            }
            let run = try await FeedbackAPITests.insertRun(for: user.userID, in: server.database)
            let given = try await client.send(.post, FeedbackAPITests.path, token: user.accessToken, json: ["run_id": run.uuidString, "signal": "up", "payload": ["stars": 5]])
            #expect(given.status == .created, "\(given.text)")
            let export = try await client.send(.get, ZiaRoutes.platform.export.endpoint.path, token: user.accessToken)
            let data = try #require(export.json["data"] as? [String: Any], "\(export.status) \(export.text.prefix(600))")
            #expect((data["memories"] as? [[String: Any]])?.map { $0["key"] as? String } == ["chore_laundry"])
            let feedback = try #require((data["feedback"] as? [[String: Any]])?.first)
            #expect(feedback["signal"] as? String == "up" && (feedback["payload"] as? [String: Any])?["stars"] as? Int == 5)

            #expect(try await Self.vectors(of: user.userID, in: server.database) == 1)
            #expect(try await client.send(.delete, ZiaRoutes.platform.deleteAccount.endpoint.path, token: user.accessToken).status == .ok)
            #expect(try await Self.vectors(of: user.userID, in: server.database) == 0)
            #expect(try await Self.vectors(of: survivor.userID, in: server.database) == 1)
            let left = try await server.database.read { db in
                try await db.raw(
                    "SELECT (SELECT COUNT(*) FROM zia_memories WHERE user_id = \(bind: UUID(uuidString: user.userID)!)) + (SELECT COUNT(*) FROM zia_feedback WHERE user_id = \(bind: UUID(uuidString: user.userID)!)) AS n"
                ).first()!.decode(column: "n", as: Int.self)
            }
            #expect(left == 0)
        }
    }
}
