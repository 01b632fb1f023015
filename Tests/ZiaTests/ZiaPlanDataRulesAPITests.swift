import Foundation
import TestSupport
import Testing
import ZiaAPI

/// Saved plans and what is built from them (grocery sessions, the pantry, routine runs, reminders,
/// chore schedules) through the HTTP API on both databases: amounts stay finite, non-negative and one
/// line per item, a field out of its range is a 422 naming it, and a completed run is remembered by
/// the routine it ran.
@Suite("Zia plan data: amounts and fields checked, one line per item, runs remembered by their routine", .timeLimit(.minutes(3)))
struct ZiaPlanDataRulesAPITests {
    static func mealPlan(_ grocery: [[String: Any]]) -> [String: Any] {
        [
            "artifact_type": "meal_plan",
            "payload": ["plan_text": "Week", "meals": [["day": "Monday", "title": "Rice bowl"]], "grocery": ["aisles": ["pantry": grocery]]],
        ]
    }

    @Test(
        "a saved plan's grocery amounts are checked (no infinity, no negative, no blank name) and a session from it is consolidated, so the pantry stays readable",
        arguments: TestDatabase.allCases)
    func plansAreCheckedAndConsolidated(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            for (bad, field) in [
                (["name": "rice", "quantity": 1e308, "unit": "kg"] as [String: Any], "quantity"), (["name": "rice", "quantity": -5, "unit": "kg"], "quantity"),
                (["name": "  ", "quantity": 1, "unit": "kg"], "name"),
            ] {
                let saved = try await client.send(.post, ZiaRoutes.saveArtifact.endpoint.path, token: user.accessToken, json: Self.mealPlan([bad]))
                #expect(saved.status == .unprocessableContent && saved.errorFields == ["payload.grocery.aisles.pantry[0].\(field)"], "\(bad): \(saved.text)")
            }
            // Two lines of one item, at the largest amount allowed: merged when the session starts, and the pantry capped.
            let big: [String: Any] = ["name": "rice", "quantity": 1_000_000, "unit": "kg"]
            let saved = try await client.send(.post, ZiaRoutes.saveArtifact.endpoint.path, token: user.accessToken, json: Self.mealPlan([big, big]))
            #expect(saved.status == .created, "\(saved.text)")
            let artifact = try #require(saved.json["id"] as? String)
            let session = try await client.send(.post, ZiaRoutes.startGrocerySession.endpoint.path, token: user.accessToken, json: ["artifact_id": artifact])
            #expect(session.status == .created, "\(session.text)")
            let items = try #require(session.json["items"] as? [[String: Any]])
            #expect(items.count == 1, "one line per item: \(items)")
            let sessionID = try #require(session.json["id"] as? String)
            #expect(sessionID == sessionID.lowercased() && (session.json["artifact_id"] as? String) == artifact.lowercased())
            let started = try #require(GrocerySessionID(sessionID))
            for item in items {
                let id = try #require(item["id"] as? String)
                #expect(id == id.lowercased(), "ids are lower-case like every id of the API")
                let check = GroceryItemCheck(itemID: try #require(UUID(parsing: id)), checked: true)
                #expect(try await client.send(ZiaRoutes.checkGroceryItem, started, token: user.accessToken, body: check).status == .ok)
            }
            #expect(try await client.send(ZiaRoutes.completeGrocerySession, started, token: user.accessToken).status == .ok)
            #expect(try await client.send(.post, ZiaRoutes.startGrocerySession.endpoint.path, token: user.accessToken, json: ["artifact_id": artifact]).status == .created)
            let again = try #require(try await client.send(ZiaRoutes.activeGrocerySession, token: user.accessToken).value?.session)
            for item in again.items {
                let check = GroceryItemCheck(itemID: item.id, checked: true)
                _ = try await client.send(ZiaRoutes.checkGroceryItem, again.id, token: user.accessToken, body: check)
            }
            #expect(try await client.send(ZiaRoutes.completeGrocerySession, again.id, token: user.accessToken).status == .ok)
            let pantry = try await client.send(.get, ZiaRoutes.pantry.endpoint.path, token: user.accessToken)
            #expect(pantry.status == .ok, "\(pantry.text)")
            #expect(try await client.send(.get, ZiaRoutes.platform.export.endpoint.path, token: user.accessToken).status == .ok)
        }
    }

    @Test("a pantry item at 0 (ran out) takes nothing off the list; a tiny amount rounds up to one step, never -0", arguments: TestDatabase.allCases)
    func zeroAndTinyAmounts(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            #expect(
                try await client.send(.post, ZiaRoutes.addPantryItem.endpoint.path, token: user.accessToken, json: ["name": "rice", "quantity": 0, "unit": "g"]).status == .created)
            let listed = try await client.send(
                .post, ZiaRoutes.consolidateGroceries.endpoint.path, token: user.accessToken,
                json: ["use_pantry": true, "items": [["name": "rice", "quantity": 500, "unit": "g"], ["name": "x", "quantity": 1e-300, "unit": "cup"]]])
            #expect(listed.status == .ok, "\(listed.text)")
            let missing = (listed.json["missing"] as? [String: Any])?["aisles"] as? [String: [[String: Any]]] ?? [:]
            #expect(missing.values.flatMap { $0 }.contains { $0["name"] as? String == "rice" && $0["quantity"] as? Double == 500 }, "\(listed.text)")
            #expect(!listed.text.contains("-0"), "\(listed.text)")
            let tiny = missing.values.flatMap { $0 }.first { $0["name"] as? String == "x" }
            #expect((tiny?["quantity"] as? Double ?? 0) > 0, "\(listed.text)")
        }
    }

    @Test("a completed run of a saved bedtime routine is remembered as the bedtime routine; a run of nothing saved as a routine", arguments: TestDatabase.allCases)
    func routineMemoryNamesTheRoutine(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            #expect(try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["personalization_consent": true]).status == .ok)
            let routine = try await client.send(
                .post, ZiaRoutes.saveArtifact.endpoint.path, token: user.accessToken,
                json: [
                    "artifact_type": "bedtime_routine", "payload": ["plan_text": "Bed", "steps": [["time": "19:30", "title": "Bath", "minutes": 15]], "total_minutes": 15],
                ])
            let artifact = try #require(routine.json["id"] as? String)
            for body in [["steps_total": 1, "artifact_id": artifact] as [String: Any], ["steps_total": 1]] {
                let run = try #require(try await client.send(.post, ZiaRoutes.startRoutineRun.endpoint.path, token: user.accessToken, json: body).json["id"] as? String)
                let runID = try #require(RoutineRunID(run))
                #expect(try await client.send(ZiaRoutes.completeRoutineRun, runID, token: user.accessToken).status == .ok)
            }
            let keys = try await client.send(.get, ZiaRoutes.memories.endpoint.path, token: user.accessToken).text
            #expect(keys.contains("routine_bedtime_completed") && keys.contains("routine_routine_completed"), "\(keys)")
        }
    }

    @Test(
        "bad routine steps in a saved plan, weekdays_only for meal prep or the check-in, and chore dates past year 9999 are 422s naming the field", arguments: TestDatabase.allCases
    )
    func outOfRangeFieldsRefused(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let routine = try await client.send(
                .post, ZiaRoutes.saveArtifact.endpoint.path, token: user.accessToken,
                json: [
                    "artifact_type": "bedtime_routine",
                    "payload": ["plan_text": "Bed", "steps": [["time": "25:99", "title": "Bath", "minutes": -5]], "total_minutes": 1e308],
                ])
            #expect(
                routine.status == .unprocessableContent
                    && Set(routine.errorFields) == ["payload.steps[0].time", "payload.steps[0].minutes", "payload.total_minutes"], "\(routine.text)")
            for category in ["meal_reminder", "chore_reminder"] {
                let flipped = category == "meal_reminder" ? false : true
                let response = try await client.send(.put, ZiaRoutes.reminders.endpoint.path, token: user.accessToken, json: [category: ["weekdays_only": flipped]])
                #expect(response.status == .unprocessableContent && response.errorFields == ["\(category).weekdays_only"], "\(response.text)")
            }
            let chores = try await client.send(
                .post, ZiaRoutes.scheduleChores.endpoint.path, token: user.accessToken,
                json: ["name": "Laundry", "start_date": "9999-12-31", "weekdays": ["friday"], "days": 366])
            #expect(chores.status == .unprocessableContent && chores.errorFields == ["start_date"], "\(chores.text)")
        }
    }
}
