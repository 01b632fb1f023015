import AppServer
import Foundation
import HTTPTypes
import TestSupport
import Testing
import Zia
import ZiaAPI
import ZiaAssistant

/// `GET/POST /zia/v1/pantry`, `PUT/DELETE /zia/v1/pantry/{id}` and `POST /zia/v1/groceries/consolidate`
/// through the HTTP API on both databases.
@Suite("Zia pantry API", .timeLimit(.minutes(3)))
struct PantryAPITests {
    static var path: String { ZiaRoutes.pantry.endpoint.path }
    static func itemPath(_ id: String) -> String { path + "/" + id }
    static var consolidate: String { ZiaRoutes.consolidateGroceries.endpoint.path }

    @Test("pantry items are added (aisle guessed when absent), listed by aisle, replaced and deleted; another user's item is a 404", arguments: TestDatabase.allCases)
    func crud(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let added = try await client.send(.post, Self.path, token: user.accessToken, json: ["name": "  Tomatoes ", "quantity": 4, "unit": "pieces"])
            #expect(added.status == .created, "\(added.text)")
            let item = try added.decode(PantryItem.self)
            #expect(item.name == "Tomatoes" && item.quantity == 4 && item.unit == "pieces" && item.aisle == .produce)
            let negativeZero = try await client.send(
                .post, Self.path, token: user.accessToken, body: Data(#"{"name":"rice","quantity":-0}"#.utf8), headers: [.contentType: "application/json"])
            #expect(negativeZero.status == .created && negativeZero.text.contains(#""quantity":0"#), "-0 is stored as 0: \(negativeZero.text)")
            _ = try await client.send(.delete, Self.path + "/" + (negativeZero.json["id"] as? String ?? ""), token: user.accessToken)
            let milk = try await client.send(.post, Self.path, token: user.accessToken, json: ["name": "milk", "aisle": "beverages"])
            #expect(milk.status == .created && milk.json["aisle"] as? String == "beverages" && milk.json["quantity"] is NSNull, "\(milk.text)")

            let listed = try await client.send(.get, Self.path, token: user.accessToken).decode(PantryList.self).items
            #expect(listed.map(\.name) == ["milk", "Tomatoes"])
            #expect(try await client.send(.get, Self.path, token: other.accessToken).decode(PantryList.self).items.isEmpty)

            let replaced = try await client.send(.put, Self.itemPath(item.id.uuid.uuidString), token: user.accessToken, json: ["name": "cheddar", "quantity": 200, "unit": "g"])
            #expect(replaced.status == .ok, "\(replaced.text)")
            let updated = try replaced.decode(PantryItem.self)
            #expect(updated.aisle == .dairy && updated.createdAt == item.createdAt && updated.quantity == 200)

            let foreign = try await client.send(.put, Self.itemPath(item.id.uuid.uuidString), token: other.accessToken, json: ["name": "x"])
            #expect(foreign.status == .notFound && foreign.errorCode == "pantry_item_not_found")
            #expect(try await client.send(.delete, Self.itemPath(item.id.uuid.uuidString), token: other.accessToken).status == .notFound)
            #expect(try await client.send(.delete, Self.itemPath("not-an-id"), token: user.accessToken).status == .notFound)
            #expect(try await client.send(.delete, Self.itemPath(item.id.uuid.uuidString), token: user.accessToken).status == .noContent)
            #expect(try await client.send(.delete, Self.itemPath(item.id.uuid.uuidString), token: user.accessToken).status == .notFound)

            let invalid = try await client.send(
                .post, Self.path, token: user.accessToken, json: ["name": " ", "quantity": -1, "unit": String(repeating: "u", count: 21), "aisle": "garage"])
            #expect(invalid.status == .unprocessableContent)
            #expect(Set(invalid.errorFields) == ["name", "quantity", "unit", "aisle"])
            let anonymous = try await client.send(.get, Self.path)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("the quick units all convert")
    func quickUnits() {
        for unit in PantryItemInput.quickUnits {
            if case .other = GroceryUnit(unit).dimension { Issue.record("\(unit) does not convert") }
        }
    }

    @Test("consolidate merges a list by aisle; with use_pantry it also answers what is missing and what was removed or reduced", arguments: TestDatabase.allCases)
    func consolidateWithPantry(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            for item: [String: Any] in [["name": "tomatoes"], ["name": "chicken", "quantity": 500, "unit": "g"], ["name": "basil"]] {
                #expect(try await client.send(.post, Self.path, token: user.accessToken, json: item).status == .created)
            }
            let items: [[String: Any]] = [
                ["name": "Tomato", "quantity": 3], ["name": "fresh tomatoes", "quantity": 1], ["name": "chicken breast", "quantity": 0.75, "unit": "kg"],
                ["name": "Fresh Basil"], ["name": "almond milk", "quantity": 1, "unit": "l"], ["name": "lettuce"],
            ]
            let plain = try await client.send(.post, Self.consolidate, token: user.accessToken, json: ["items": items])
            #expect(plain.status == .ok, "\(plain.text)")
            let merged = try plain.decode(ConsolidatedGroceries.self)
            #expect(merged.aisles["produce"]?.first { $0.name == "tomato" } == .init(name: "tomato", quantity: 4, unit: "piece"))
            #expect(merged.missing == nil && merged.meta == nil && plain.json["_meta"] == nil)

            let filtered = try await client.send(.post, Self.consolidate, token: user.accessToken, json: ["items": items, "use_pantry": true])
            #expect(filtered.status == .ok, "\(filtered.text)")
            let answer = try filtered.decode(ConsolidatedGroceries.self)
            #expect(answer.missing?.aisles["meat"] == [.init(name: "chicken breast", quantity: 250, unit: "g")])
            #expect(answer.missing?.aisles["produce"] == [.init(name: "lettuce", quantity: nil, unit: nil)])
            #expect(answer.missing?.aisles["pantry"] == [.init(name: "almond milk", quantity: 1, unit: "l")])
            #expect(answer.meta == PantryFilterMeta(pantryFiltered: true, itemsRemoved: ["tomato", "basil"], itemsReduced: ["chicken breast"]))
            #expect((filtered.json["_meta"] as? [String: Any])?["items_removed_count"] as? Int == 2)

            let invalid = try await client.send(.post, Self.consolidate, token: user.accessToken, json: ["items": [["quantity": 1], ["name": "x", "quantity": 2_000_000]]])
            #expect(invalid.status == .unprocessableContent && Set(invalid.errorFields) == ["items[0].name", "items[1].quantity"])
            #expect(try await client.send(.post, Self.consolidate, token: user.accessToken, json: [:] as [String: Any]).errorFields == ["items"])
        }
    }

    /// Runs a meal plan through the real server (the offline model) and answers its `final`.
    static func plan(_ client: TestClient, token: String) async throws -> AssistFinal {
        let answer = try await ZiaServer.ask(client, token, "Plan our dinners for the week", mode: "meals")
        return try #require(answer.final, "\(answer.types)")
    }

    @Test("a meal plan's final keeps grocery and adds missing_grocery: the list less the caller's pantry", arguments: TestDatabase.allCases)
    func planFinal(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let first = try await Self.plan(client, token: user.accessToken)
            let grocery = try #require(first.grocery)
            #expect(first.missingGrocery == MissingGroceryList(aisles: grocery.aisles, meta: PantryFilterMeta(pantryFiltered: true, itemsRemoved: [], itemsReduced: [])))

            let lines = grocery.aisles.sorted { $0.key < $1.key }.flatMap(\.value)
            let whole = try #require(lines.first), part = try #require(lines.dropFirst().first { ($0.quantity ?? 0) >= 2 })
            for item: [String: Any] in [
                ["name": whole.name],
                ["name": part.name, "quantity": part.quantity! / 2, "unit": part.unit!],
            ] {
                #expect(try await client.send(.post, Self.path, token: user.accessToken, json: item).status == .created)
            }
            let second = try await Self.plan(client, token: user.accessToken)
            #expect(second.grocery == grocery)
            let missing = try #require(second.missingGrocery)
            #expect(missing.meta.itemsRemoved == [whole.name] && missing.meta.itemsRemovedCount == 1 && missing.meta.itemsReduced == [part.name])
            let left = missing.aisles.values.flatMap { $0 }
            #expect(!left.contains { $0.name == whole.name })
            #expect(left.filter { $0.name == part.name }.count == 1)
            #expect(left.count == lines.count - 1)
        }
    }
}
