import AppServer
import Foundation
import HTTPTypes
import Persistence
import PlatformAPI
import SQLKit
import TestSupport
import Testing
import Zia
import ZiaAPI

/// `POST|GET /zia/v1/artifacts` and `GET|DELETE /zia/v1/artifacts/{id}` through the HTTP API on
/// both databases: payload shapes, generated titles, the list's order, filter and limit, another
/// user's artifact as a 404, export and deletion with the account.
@Suite("Zia artifacts", .timeLimit(.minutes(3)))
struct ArtifactAPITests {
    static var path: String { ZiaRoutes.saveArtifact.endpoint.path }
    static func one(_ id: String) -> String { path + "/" + id }

    static var mealPlan: [String: Any] {
        [
            "plan_text": "Monday: Spaghetti Bolognese",
            "meals": [["day": "Monday", "recipe_id": "r001", "title": "Spaghetti Bolognese"], ["day": "Tuesday", "title": "Tacos"]],
            "grocery": ["aisles": ["produce": [["name": "tomato", "quantity": 4, "unit": "piece"]], "pantry": [["name": "spaghetti", "quantity": 500, "unit": "g"]]]],
            "notes": ["kept": true],
        ]
    }
    static var routine: [String: Any] {
        [
            "plan_text": "19:30 bath", "steps": [["time": "19:30", "title": "Bath", "minutes": 15], ["time": "19:45", "title": "Story", "minutes": 15]], "total_minutes": 30,
        ]
    }
    static var chores: [String: Any] {
        [
            "plan_text": "Weekly cleaning", "chore_type": "cleaning", "frequency": "weekly",
            "schedule": [["day": "Saturday", "task": "Vacuum", "assignee": "Me", "minutes": 30]],
        ]
    }

    /// A server on `database` whose clock is `clock`.
    static func with<T: Sendable>(_ database: TestDatabase, clock: TestClock, _ body: @Sendable (TestClient, ServerComponents) async throws -> T) async throws -> T {
        try await withServer(database, configure: { $0.apps = [ZiaApp.id] }, dependencies: .init(clock: clock, extraModules: ZiaServer.modules)) { client, server in
            try await body(client, server)
        }
    }

    @Test(
        "an artifact is saved (201, payload as sent, title given or generated in the user's time zone), read, listed newest first by type and limit, and deleted",
        arguments: TestDatabase.allCases)
    func saveReadListDelete(_ database: TestDatabase) async throws {
        // Sunday 29 November 2026, 23:30 in New York (Monday 04:30 UTC): the week of Nov 23 there.
        let clock = TestClock(Date(timeIntervalSince1970: 1_796_013_000))
        try await Self.with(database, clock: clock) { client, _ in
            let user = try await client.signIn(app: "zia")
            let zone = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["timezone": "America/New_York"])
            #expect(zone.status == .ok, "\(zone.text)")
            let meal = try await client.send(.post, Self.path, token: user.accessToken, json: ["artifact_type": "meal_plan", "payload": Self.mealPlan])
            #expect(meal.status == .created, "\(meal.text)")
            #expect(meal.json["title"] as? String == "Meal plan for the week of Nov 23")
            #expect(meal.json["user_id"] as? String == user.userID && meal.json["artifact_type"] as? String == "meal_plan")
            let payload = try #require(meal.json["payload"] as? [String: Any])
            #expect(NSDictionary(dictionary: payload).isEqual(to: Self.mealPlan))
            clock.advance(by: 1)
            let routine = try await client.send(.post, Self.path, token: user.accessToken, json: ["artifact_type": "bedtime_routine", "payload": Self.routine])
            #expect(routine.json["title"] as? String == "Bedtime routine for Nov 29", "\(routine.text)")
            clock.advance(by: 1)
            let chores = try await client.send(
                .post, Self.path, token: user.accessToken, json: ["artifact_type": "chore_plan", "title": "  Spring clean  ", "payload": Self.chores])
            #expect(chores.status == .created && chores.json["title"] as? String == "Spring clean", "\(chores.text)")

            let id = try #require(meal.json["id"] as? String)
            let read = try await client.send(.get, Self.one(id), token: user.accessToken)
            #expect(read.status == .ok && read.text == meal.text)

            let all = try await client.send(.get, Self.path, token: user.accessToken).decode([Artifact].self)
            #expect(all.map(\.artifactType) == [.chorePlan, .bedtimeRoutine, .mealPlan])
            let meals = try await client.send(.get, Self.path + "?artifact_type=meal_plan", token: user.accessToken).decode([Artifact].self)
            #expect(meals.map(\.id.description) == [id])
            let first = try await client.send(.get, Self.path + "?limit=2", token: user.accessToken)
            #expect(try first.decode([Artifact].self).count == 2)
            let cursor = try #require(first.headers[HTTPField.Name("X-Next-Cursor")!])
            let rest = try await client.send(.get, Self.path + "?limit=2&cursor=" + cursor, token: user.accessToken).decode([Artifact].self)
            #expect(rest.map(\.id.description) == [id])
            for bad in ["?limit=0", "?limit=101", "?artifact_type=poem", "?cursor=nonsense"] {
                let refused = try await client.send(.get, Self.path + bad, token: user.accessToken)
                #expect(refused.status == .unprocessableContent, "\(bad): \(refused.text)")
            }

            #expect(try await client.send(.delete, Self.one(id), token: user.accessToken).status == .noContent)
            let gone = try await client.send(.get, Self.one(id), token: user.accessToken)
            #expect(gone.status == .notFound && gone.errorCode == "artifact_not_found")
            #expect(try await client.send(.delete, Self.one(id), token: user.accessToken).status == .notFound)
        }
    }

    @Test("a payload without its type's keys, a wrong type, a long title or a payload over 64 KB is a 422 naming each field", arguments: TestDatabase.allCases)
    func refusals(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let cases: [([String: Any], [String])] = [
                ([:], ["artifact_type", "payload"]),
                (["artifact_type": "poem", "payload": [:]], ["artifact_type"]),
                (["artifact_type": "meal_plan", "payload": [:]], ["payload.plan_text", "payload.meals", "payload.grocery"]),
                (["artifact_type": "meal_plan", "payload": "text"], ["payload"]),
                (
                    ["artifact_type": "meal_plan", "payload": ["plan_text": 3, "meals": [["day": "Monday"]], "grocery": ["aisles": ["produce": [["quantity": "two"]]]]]],
                    ["payload.plan_text", "payload.meals[0].title", "payload.grocery.aisles.produce[0].name", "payload.grocery.aisles.produce[0].quantity"]
                ),
                (
                    ["artifact_type": "bedtime_routine", "payload": ["plan_text": "x", "steps": [["time": "19:00", "title": "Bath"]]]],
                    ["payload.steps[0].minutes", "payload.total_minutes"]
                ),
                (["artifact_type": "chore_plan", "payload": ["plan_text": "x", "schedule": "daily"]], ["payload.chore_type", "payload.frequency", "payload.schedule"]),
                (["artifact_type": "bedtime_routine", "title": String(repeating: "a", count: 201), "payload": Self.routine], ["title"]),
                (["artifact_type": "chore_plan", "payload": Self.chores.merging(["plan_text": String(repeating: "a", count: 70_000)]) { $1 }], ["payload"]),
            ]
            for (body, fields) in cases {
                let refused = try await client.send(.post, Self.path, token: user.accessToken, json: body)
                #expect(refused.status == .unprocessableContent, "\(body.keys): \(refused.text.prefix(300))")
                #expect(Set(refused.errorFields) == Set(fields), "\(refused.text.prefix(400))")
            }
            #expect(try await client.send(.get, Self.path, token: user.accessToken).decode([Artifact].self).isEmpty)
            let anonymous = try await client.send(.get, Self.path)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("another user's artifact is a 404 to read, delete or schedule, and is not listed", arguments: TestDatabase.allCases)
    func othersAreNotFound(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let owner = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let saved = try await client.send(.post, Self.path, token: owner.accessToken, json: ["artifact_type": "bedtime_routine", "payload": Self.routine])
            let id = try #require(saved.json["id"] as? String)
            #expect(try await client.send(.get, Self.one(id), token: other.accessToken).status == .notFound)
            #expect(try await client.send(.delete, Self.one(id), token: other.accessToken).status == .notFound)
            #expect(try await client.send(.get, ZiaRoutes.calendarSuggestion.endpoint.path + "?artifact_id=" + id, token: other.accessToken).status == .notFound)
            #expect(try await client.send(.get, Self.path, token: other.accessToken).decode([Artifact].self).isEmpty)
            #expect(try await client.send(.get, Self.one("not-a-uuid"), token: owner.accessToken).status == .notFound)
            #expect(try await client.send(.get, Self.one(id), token: owner.accessToken).status == .ok)
        }
    }

    @Test("artifacts are in the export and gone with the account", arguments: TestDatabase.allCases)
    func exportAndDeletion(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let survivor = try await client.signIn(app: "zia")
            for person in [user, survivor] {
                let saved = try await client.send(.post, Self.path, token: person.accessToken, json: ["artifact_type": "chore_plan", "payload": Self.chores])
                #expect(saved.status == .created, "\(saved.text)")
            }
            let export = try await client.send(.get, ZiaRoutes.platform.export.endpoint.path, token: user.accessToken)
            let data = try #require(export.json["data"] as? [String: Any], "\(export.status) \(export.text.prefix(600))")
            let artifacts = try #require(data["artifacts"] as? [[String: Any]])
            #expect(artifacts.count == 1 && artifacts.first?["artifact_type"] as? String == "chore_plan")
            #expect(try await client.send(.delete, ZiaRoutes.platform.deleteAccount.endpoint.path, token: user.accessToken).status == .ok)
            let ids = [UUID(uuidString: user.userID)!, UUID(uuidString: survivor.userID)!]
            let owners = try await server.database.read { db in
                try await db.raw("SELECT user_id FROM zia_artifacts WHERE user_id IN (\(binds: ids))").all().map { try $0.uuid("user_id") }
            }
            #expect(owners == [ids[1]])
        }
    }
}
