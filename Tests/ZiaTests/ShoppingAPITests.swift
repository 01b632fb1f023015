import AppServer
import Foundation
import HTTPTypes
import Persistence
import SQLKit
import TestSupport
import Testing
import Zia
import ZiaAPI

/// `/zia/v1/grocery-sessions/…` (the seed's step 43) through the HTTP API on both databases: a full
/// trip into the pantry and the next plan, the session rules, the learned aisle order, the summary,
/// export and deletion.
@Suite("Zia shopping sessions", .timeLimit(.minutes(3)))
struct ShoppingAPITests {
    static var start: String { ZiaRoutes.startGrocerySession.endpoint.path }
    static var active: String { ZiaRoutes.activeGrocerySession.endpoint.path }
    static var stats: String { ZiaRoutes.groceryStats.endpoint.path }
    static func action(_ id: GrocerySessionID, _ verb: String) -> String { ZiaRoutes.root.prefix + "/grocery-sessions/\(id.uuid.uuidString)/\(verb)" }

    /// Saves an artifact row as the artifacts part stores them.
    static func saveArtifact(_ type: String, payload: String, for user: String, in database: any Database) async throws -> UUID {
        let id = UUID()
        try await database.transaction(owner: UUID(uuidString: user)!) { db in
            try await db.raw(
                """
                INSERT INTO zia_artifacts (id, user_id, artifact_type, title, payload, created_at)
                VALUES (\(bind: id), \(bind: UUID(uuidString: user)!), \(bind: type), 'Saved', \(bind: payload), \(bind: Date()))
                """
            ).run()
        }
        return id
    }

    static func session(_ response: APIResponse) throws -> GrocerySession { try response.decode(GrocerySession.self) }

    @Test("a full trip: start from a saved plan → check → skip → complete → pantry updated → the next plan's missing_grocery shrinks", arguments: TestDatabase.allCases)
    func fullTrip(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let plan = try await PantryAPITests.plan(client, token: user.accessToken)
            let grocery = try #require(plan.grocery)
            let before = try #require(plan.missingGrocery).aisles.values.flatMap { $0 }
            let payload = String(decoding: try JSONEncoder().encode(["plan_text": AnyCodableText.string(plan.text), "grocery": .list(grocery)]), as: UTF8.self)
            let artifact = try await Self.saveArtifact("meal_plan", payload: payload, for: user.userID, in: server.database)

            let started = try await client.send(.post, Self.start, token: user.accessToken, json: ["artifact_id": artifact.uuidString])
            #expect(started.status == .created, "\(started.text)")
            let session = try Self.session(started)
            #expect(session.status == .inProgress && session.artifactID == artifact && session.autoAddToPantry && session.itemsTotal == before.count && session.itemsChecked == 0)
            let (first, second, third) = (session.items[0], session.items[1], session.items[2])
            for item in [first, second, third] {
                #expect(
                    try await client.send(.post, Self.action(session.id, "check"), token: user.accessToken, json: ["item_id": item.id.uuidString, "checked": true]).status == .ok)
            }
            let skipped = try await client.send(.post, Self.action(session.id, "skip"), token: user.accessToken, json: ["item_id": third.id.uuidString])
            #expect(skipped.status == .ok, "\(skipped.text)")
            let afterSkip = try Self.session(skipped)
            #expect(afterSkip.itemsChecked == 2 && afterSkip.items.first { $0.id == third.id }?.skipped == true)
            let current = try await client.send(.get, Self.active, token: user.accessToken)
            #expect(try Self.session(current).id == session.id)

            let completed = try await client.send(.post, Self.action(session.id, "complete"), token: user.accessToken)
            #expect(completed.status == .ok, "\(completed.text)")
            let done = try completed.decode(CompletedGrocerySession.self)
            #expect(done.session.status == .completed && done.session.endedAt != nil)
            #expect(done.itemsAdded.map(\.name).sorted() == [first.name, second.name].sorted())
            let pantry = try await client.send(.get, PantryAPITests.path, token: user.accessToken).decode(PantryList.self).items
            #expect(Set(pantry.map(\.name)) == [first.name, second.name])
            #expect(pantry.first { $0.name == first.name }?.quantity == first.quantity)
            #expect(try await client.send(.get, Self.active, token: user.accessToken).text == "null")

            let next = try await PantryAPITests.plan(client, token: user.accessToken)
            #expect(next.grocery == grocery)
            let missing = try #require(next.missingGrocery)
            let after = missing.aisles.values.flatMap { $0 }
            #expect(after.count == before.count - 2)
            #expect(Set(missing.meta.itemsRemoved) == [first.name, second.name] && missing.meta.itemsRemovedCount == 2)
            #expect(after.contains { $0.name == third.name })
        }
    }

    @Test(
        "sessions: a new start abandons the one in progress; closed sessions refuse with 409; others' sessions and items are 404; bodies are checked",
        arguments: TestDatabase.allCases)
    func rules(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            #expect(try await client.send(.get, Self.active, token: user.accessToken).text == "null")
            let items: [[String: Any]] = [["name": "Milk", "quantity": 1, "unit": "l"], ["name": "milk", "quantity": 500, "unit": "ml"], ["name": "Apples", "quantity": 6]]
            let first = try Self.session(try await client.send(.post, Self.start, token: user.accessToken, json: ["items": items, "auto_add_to_pantry": false]))
            #expect(first.items.map(\.name).sorted() == ["apple", "milk"] && first.items.first { $0.name == "milk" }?.quantity == 1.5 && !first.autoAddToPantry)
            let second = try Self.session(try await client.send(.post, Self.start, token: user.accessToken, json: ["items": [["name": "bread"]]]))
            #expect(try Self.session(try await client.send(.get, Self.active, token: user.accessToken)).id == second.id)

            let closed = try await client.send(.post, Self.action(first.id, "check"), token: user.accessToken, json: ["item_id": first.items[0].id.uuidString, "checked": true])
            #expect(closed.status == .conflict && closed.errorCode == "grocery_session_closed", "\(closed.text)")
            for verb in ["complete", "abandon"] { #expect(try await client.send(.post, Self.action(first.id, verb), token: user.accessToken).status == .conflict) }
            #expect(
                try await client.send(.post, Self.action(second.id, "check"), token: other.accessToken, json: ["item_id": second.items[0].id.uuidString, "checked": true]).status
                    == .notFound)
            #expect(try await client.send(.post, Self.action(second.id, "complete"), token: other.accessToken).status == .notFound)
            let unknownItem = try await client.send(.post, Self.action(second.id, "skip"), token: user.accessToken, json: ["item_id": first.items[0].id.uuidString])
            #expect(unknownItem.status == .notFound && unknownItem.errorCode == "grocery_item_not_found")
            #expect(try await client.send(.post, ZiaRoutes.root.prefix + "/grocery-sessions/nope/abandon", token: user.accessToken).status == .notFound)

            let abandoned = try await client.send(.post, Self.action(second.id, "abandon"), token: user.accessToken)
            #expect(try Self.session(abandoned).status == .abandoned)
            #expect(try await client.send(.post, Self.action(second.id, "skip"), token: user.accessToken, json: ["item_id": second.items[0].id.uuidString]).status == .conflict)

            // Bodies: exactly one of artifact_id and items; item ids are UUIDs; checked is required.
            let both = try await client.send(.post, Self.start, token: user.accessToken, json: ["artifact_id": UUID().uuidString, "items": []])
            #expect(both.status == .unprocessableContent && both.errorFields == ["artifact_id"])
            #expect(try await client.send(.post, Self.start, token: user.accessToken, json: [:] as [String: Any]).errorFields == ["items"])
            #expect(try await client.send(.post, Self.start, token: user.accessToken, json: ["artifact_id": "x"]).errorFields == ["artifact_id"])
            let bad = try await client.send(.post, Self.action(second.id, "check"), token: user.accessToken, json: ["item_id": "x"])
            #expect(bad.status == .unprocessableContent && Set(bad.errorFields) == ["item_id", "checked"])

            // Artifacts: another user's or unknown → 404; not a meal plan → 422; a plan without a list → an empty session.
            let routine = try await Self.saveArtifact("bedtime_routine", payload: #"{"plan_text":"Bath"}"#, for: user.userID, in: server.database)
            let foreign = try await Self.saveArtifact("meal_plan", payload: #"{"plan_text":"x"}"#, for: other.userID, in: server.database)
            let notPlan = try await client.send(.post, Self.start, token: user.accessToken, json: ["artifact_id": routine.uuidString])
            #expect(notPlan.status == .unprocessableContent && notPlan.errorFields == ["artifact_id"])
            let notMine = try await client.send(.post, Self.start, token: user.accessToken, json: ["artifact_id": foreign.uuidString])
            #expect(notMine.status == .notFound && notMine.errorCode == "artifact_not_found")
            #expect(try await client.send(.post, Self.start, token: user.accessToken, json: ["artifact_id": UUID().uuidString]).status == .notFound)
            let empty = try await client.send(.post, Self.start, token: other.accessToken, json: ["artifact_id": foreign.uuidString])
            #expect(empty.status == .created)
            #expect(try Self.session(empty).items.isEmpty)
            let anonymous = try await client.send(.get, Self.active)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("completing early adds checked, not skipped items to the pantry, merged by normalised name with quantities added in the pantry's unit", arguments: TestDatabase.allCases)
    func pantryMerge(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            for item: [String: Any] in [["name": "Chicken breast", "quantity": 0.5, "unit": "kg"], ["name": "salt"]] {
                #expect(try await client.send(.post, PantryAPITests.path, token: user.accessToken, json: item).status == .created)
            }
            let items: [[String: Any]] = [
                ["name": "chicken breasts", "quantity": 250, "unit": "g"], ["name": "salt", "quantity": 1, "unit": "kg"], ["name": "beans", "quantity": 2, "unit": "can"],
                ["name": "rice", "quantity": 1, "unit": "kg"],
            ]
            let session = try Self.session(try await client.send(.post, Self.start, token: user.accessToken, json: ["items": items]))
            for item in session.items where item.name != "rice" {
                #expect(
                    try await client.send(.post, Self.action(session.id, "check"), token: user.accessToken, json: ["item_id": item.id.uuidString, "checked": true]).status == .ok)
            }
            let beans = try #require(session.items.first { $0.name == "bean" })
            _ = try await client.send(.post, Self.action(session.id, "skip"), token: user.accessToken, json: ["item_id": beans.id.uuidString])
            let done = try await client.send(.post, Self.action(session.id, "complete"), token: user.accessToken).decode(CompletedGrocerySession.self)
            #expect(done.session.itemsChecked == 2 && done.itemsAdded.count == 2)
            let pantry = try await client.send(.get, PantryAPITests.path, token: user.accessToken).decode(PantryList.self).items
            #expect(pantry.count == 2)
            let chicken = try #require(pantry.first { $0.name == "Chicken breast" }), salt = try #require(pantry.first { $0.name == "salt" })
            #expect(chicken.quantity == 0.75 && chicken.unit == "kg")
            #expect(salt.quantity == 1 && salt.unit == "kg")
        }
    }

    @Test("an item kept in a unit without an amount takes the bought amount in its unit when the two convert, else as bought", arguments: TestDatabase.allCases)
    func unitWithoutAmount(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            for item: [String: Any] in [["name": "milk", "unit": "ml"], ["name": "sugar", "unit": "parsec"], ["name": "saffron", "quantity": 0, "unit": "kg"]] {
                #expect(try await client.send(.post, PantryAPITests.path, token: user.accessToken, json: item).status == .created)
            }
            let items: [[String: Any]] = [
                ["name": "milk", "quantity": 1.5, "unit": "l"], ["name": "sugar", "quantity": 2, "unit": "kg"], ["name": "saffron", "quantity": 1, "unit": "g"],
            ]
            let session = try Self.session(try await client.send(.post, Self.start, token: user.accessToken, json: ["items": items]))
            for item in session.items {
                #expect(
                    try await client.send(.post, Self.action(session.id, "check"), token: user.accessToken, json: ["item_id": item.id.uuidString, "checked": true]).status == .ok)
            }
            #expect(try await client.send(.post, Self.action(session.id, "complete"), token: user.accessToken).status == .ok)
            let pantry = try await client.send(.get, PantryAPITests.path, token: user.accessToken).decode(PantryList.self).items
            #expect(pantry.count == 3, "\(pantry)")
            let milk = try #require(pantry.first { $0.name == "milk" }), sugar = try #require(pantry.first { $0.name == "sugar" })
            #expect(milk.quantity == 1500 && milk.unit == "ml", "1.5 l kept in ml is 1500 ml, not 1.5 ml")
            #expect(sugar.quantity == 2 && sugar.unit == "kg", "2 kg does not convert into parsecs: kept as bought")
            let saffron = try #require(pantry.first { $0.name == "saffron" })
            #expect(saffron.quantity == 1 && saffron.unit == "g", "1 g into an item at 0 kg would round to 0 kg (ran out): kept as bought")
        }
    }

    @Test("aisles follow the order this user checked them on earlier trips; the summary counts trips and items", arguments: TestDatabase.allCases)
    func smartSortAndStats(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let items: [[String: Any]] = [["name": "apples", "quantity": 3], ["name": "milk", "quantity": 1, "unit": "l"], ["name": "bread"]]
            let trip = try Self.session(try await client.send(.post, Self.start, token: user.accessToken, json: ["items": items]))
            #expect(trip.aisleOrder.prefix(3) == [.produce, .dairy, .meat] && trip.items.map(\.aisle) == [.produce, .dairy, .bakery])
            for name in ["bread", "milk", "apple"] {
                let item = try #require(trip.items.first { $0.name == name })
                #expect(try await client.send(.post, Self.action(trip.id, "check"), token: user.accessToken, json: ["item_id": item.id.uuidString, "checked": true]).status == .ok)
                try await Task.sleep(for: .milliseconds(20))
            }
            _ = try await client.send(.post, Self.action(trip.id, "complete"), token: user.accessToken)
            let next = try Self.session(try await client.send(.post, Self.start, token: user.accessToken, json: ["items": items]))
            #expect(Array(next.aisleOrder.prefix(3)) == [.bakery, .dairy, .produce])
            #expect(next.items.map(\.aisle) == [.bakery, .dairy, .produce])
            let skip = try #require(next.items.first)
            _ = try await client.send(.post, Self.action(next.id, "skip"), token: user.accessToken, json: ["item_id": skip.id.uuidString])
            _ = try await client.send(.post, Self.action(next.id, "complete"), token: user.accessToken)
            _ = try await client.send(.post, Self.start, token: user.accessToken, json: ["items": items])
            _ = try await client.send(.post, Self.start, token: user.accessToken, json: ["items": items])

            let summary = try await client.send(.get, Self.stats, token: user.accessToken)
            #expect(summary.status == .ok, "\(summary.text)")
            let counted = try summary.decode(GroceryShoppingStats.self)
            #expect(counted.sessionsTotal == 4 && counted.sessionsCompleted == 2 && counted.sessionsAbandoned == 1)
            #expect(counted.itemsPurchased == 3 && counted.itemsSkipped == 1 && counted.completionRate == 0.667)
            #expect(Array(counted.aisleOrder.prefix(3)) == [.bakery, .dairy, .produce])
        }
    }

    @Test("concurrent starts leave exactly one session in progress", arguments: TestDatabase.allCases)
    func concurrentStarts(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<8 { group.addTask { try await client.send(.post, Self.start, token: user.accessToken, json: ["items": [["name": "milk"]]]).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .created })
            let open = try await server.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM zia_grocery_sessions WHERE user_id = \(bind: UUID(uuidString: user.userID)!) AND status = 'in_progress'")
                    .first()!.decode(column: "n", as: Int.self)
            }
            #expect(open == 1)
        }
    }

    @Test("the learned aisle order averages each trip's ranks; unvisited aisles keep the usual order")
    func aisleOrder() {
        #expect(AisleOrder.learned(from: []) == GroceryAisle.allCases)
        let order = AisleOrder.learned(from: [[.dairy, .produce, .meat], [.produce, .dairy, .meat], [.dairy, .bakery]])
        #expect(Array(order.prefix(4)) == [.dairy, .produce, .meat, .bakery], "meat and bakery tie (rank 1); the usual order breaks it")
        #expect(order.count == GroceryAisle.allCases.count && Array(order.dropFirst(4)) == [.seafood, .pantry, .frozen, .spices, .beverages, .other])
    }

    @Test("the pantry and sessions are in the export and gone with the account", arguments: TestDatabase.allCases)
    func exportAndDeletion(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let survivor = try await client.signIn(app: "zia")
            for person in [user, survivor] {
                _ = try await client.send(.post, PantryAPITests.path, token: person.accessToken, json: ["name": "rice"])
                _ = try await client.send(.post, Self.start, token: person.accessToken, json: ["items": [["name": "eggs", "quantity": 12]]])
            }
            let export = try await client.send(.get, ZiaRoutes.platform.export.endpoint.path, token: user.accessToken)
            let data = try #require(export.json["data"] as? [String: Any], "\(export.status) \(export.text.prefix(600))")
            #expect((data["pantry"] as? [[String: Any]])?.map { $0["name"] as? String } == ["rice"])
            let sessions = try #require(data["grocery_sessions"] as? [[String: Any]])
            #expect(sessions.count == 1 && (sessions[0]["items"] as? [[String: Any]])?.first?["name"] as? String == "egg")

            #expect(try await client.send(.delete, ZiaRoutes.platform.deleteAccount.endpoint.path, token: user.accessToken).status == .ok)
            func rows(_ who: String) async throws -> Int {
                let id = UUID(uuidString: who)!
                return try await server.database.read { db in
                    try await db.raw(
                        """
                        SELECT (SELECT COUNT(*) FROM zia_pantry_items WHERE user_id = \(bind: id)) + (SELECT COUNT(*) FROM zia_grocery_sessions WHERE user_id = \(bind: id))
                            + (SELECT COUNT(*) FROM zia_grocery_session_items WHERE user_id = \(bind: id)) AS n
                        """
                    ).first()!.decode(column: "n", as: Int.self)
                }
            }
            #expect(try await rows(user.userID) == 0)
            #expect(try await rows(survivor.userID) == 3)
        }
    }
}

/// A meal plan payload's values, as the artifacts part stores them (`plan_text`, `grocery`).
enum AnyCodableText: Encodable {
    case string(String)
    case list(GroceryList)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text): try text.encode(to: encoder)
        case .list(let list): try list.encode(to: encoder)
        }
    }
}
