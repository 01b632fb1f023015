import AIProviders
import Foundation
import PlatformAPI
import TestSupport
import Testing
import ZiaAPI
import ZiaAssistant
import ZiaCorpus
import ZiaSafety

/// A saved plan changed a day at a time, through the HTTP API on both databases: `POST
/// /zia/v1/artifacts/{id}/swap` puts a dish that fits the household (and the reason) on one day,
/// keeps the other six exactly, rewrites the day's line and recomputes the groceries for the
/// household; what cannot be swapped is a 422 naming the field, anyone else's plan a 404.
@Suite("Zia saved plan swaps", .timeLimit(.minutes(5)))
struct MealPlanSwapAPITests {
    static let household: [String: any Sendable] = [
        "adults": 2, "kids": [["name": "Sam", "age": 6] as [String: any Sendable], ["name": "Ada", "age": 3] as [String: any Sendable]], "allergies": ["sesame"],
        "cuisines": ["italian", "mexican"],
    ]
    static func swapPath(_ id: String) -> String { ZiaRoutes.root.prefix + "/artifacts/\(id)/swap" }

    /// The payload a client saves for `final` (as the SDK's card does): the day lines, their recipes and the groceries.
    static func payload(_ final: AssistFinal) -> [String: Any] {
        let lines = PlanFollowUp.lines(of: final.planText ?? final.text)
        let meals: [[String: Any]] = lines.map { line in
            let recipe = final.recipes?.first { $0.title == line.title }
            return ["day": line.label, "title": line.title, "recipe_id": recipe?.id ?? NSNull()]
        }
        let aisles = (final.grocery?.aisles ?? [:]).mapValues { items in
            items.map { ["name": $0.name, "quantity": $0.quantity ?? NSNull(), "unit": $0.unit ?? NSNull()] as [String: Any] }
        }
        return ["plan_text": final.planText ?? final.text, "meals": meals, "grocery": ["aisles": aisles], "note": "kept as sent"]
    }

    /// Plans a week for the household and saves it; answers the saved artifact's JSON.
    static func savedWeek(_ client: TestClient, _ token: String) async throws -> [String: Any] {
        #expect(try await client.send(.post, ZiaServer.upsertHousehold, token: token, json: household).status == .ok)
        let answer = try await ZiaServer.ask(client, token, "Plan a week of kid-friendly dinners", mode: "meals")
        let final = try #require(answer.final, "\(answer.types)")
        let saved = try await client.send(.post, ZiaRoutes.saveArtifact.endpoint.path, token: token, json: ["artifact_type": "meal_plan", "payload": payload(final)])
        #expect(saved.status == .created, "\(saved.text)")
        return saved.json
    }

    /// A new user with the household's week planned and saved: their tokens, the saved plan, its id.
    static func signedInWithAWeek(_ client: TestClient) async throws -> (user: SignedIn, saved: [String: Any], id: String) {
        let user = try await client.signIn(app: "zia")
        let saved = try await savedWeek(client, user.accessToken)
        return (user, saved, try #require(saved["id"] as? String))
    }

    static func meals(_ artifact: [String: Any]) -> [[String: Any]] { (artifact["payload"] as? [String: Any])?["meals"] as? [[String: Any]] ?? [] }
    static func recipe(_ meal: [String: Any]) -> Recipe? { (meal["recipe_id"] as? String).flatMap(PlanRevision.recipe(id:)) }

    @Test("a swap changes one day for a dish that fits, keeps the other six, rewrites its line and recomputes the groceries", arguments: TestDatabase.allCases)
    func swapsOneDay(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let (user, saved, id) = try await Self.signedInWithAWeek(client)
            let before = Self.meals(saved)
            try #require(before.count == 7 && before.allSatisfy { Self.recipe($0) != nil }, "\(before)")

            let response = try await client.send(.post, Self.swapPath(id), token: user.accessToken, json: ["day": "tuesday"])
            #expect(response.status == .ok, "\(response.text)")
            let after = Self.meals(response.json)
            try #require(after.count == 7, "\(response.text)")
            for index in [0, 2, 3, 4, 5, 6] {
                #expect(after[index]["recipe_id"] as? String == before[index]["recipe_id"] as? String, "day \(index) kept")
                #expect(after[index]["title"] as? String == before[index]["title"] as? String)
            }
            let new = try #require(Self.recipe(after[1]), "\(after[1])")
            #expect(new.id != before[1]["recipe_id"] as? String, "Tuesday changed")
            #expect(!before.contains { $0["recipe_id"] as? String == new.id }, "not another day's dish")
            #expect(after[1]["day"] as? String == "Tuesday" && after[1]["title"] as? String == new.title)
            let check = FoodCheck(restrictions: ["sesame"], kidAges: [6, 3])
            #expect(check.isSafe(new) && MealRequest().serves(new) && new.minAge <= 4, "\(new.title): \(check.violations(in: new))")

            let payload = try #require(response.json["payload"] as? [String: Any])
            let text = try #require(payload["plan_text"] as? String)
            #expect(text.contains("Tuesday: \(new.title)") && !text.contains("Tuesday: \(before[1]["title"] as! String)"), "\(text)")
            #expect(text.contains("Monday: \(before[0]["title"] as! String)"))
            #expect(payload["note"] as? String == "kept as sent")
            // The groceries are the seven dishes', scaled to two adults, a 6- and a 3-year-old.
            let profile = HouseholdProfile(
                adults: [HouseholdAdult(name: "A"), HouseholdAdult(name: "B")], kids: [HouseholdKid(name: "Sam", age: 6), HouseholdKid(name: "Ada", age: 3)])
            let expected = GroceryConsolidator.list(for: after.compactMap(Self.recipe).map { Servings.scale($0, for: profile) })
            let grocery = try JSONDecoder.api.decode(GroceryList.self, from: JSONSerialization.data(withJSONObject: try #require(payload["grocery"])))
            #expect(grocery == expected)
            // The change is stored: read back, the plan is the swapped one.
            let read = try await client.send(.get, ZiaRoutes.root.prefix + "/artifacts/\(id)", token: user.accessToken)
            #expect(Self.meals(read.json).map { $0["recipe_id"] as? String } == after.map { $0["recipe_id"] as? String })
        }
    }

    @Test("a reason's rules hold for the new dish", arguments: TestDatabase.allCases)
    func reasonRules(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let (user, saved, id) = try await Self.signedInWithAWeek(client)
            for (day, reason, rule) in [("Friday", "something vegetarian instead", "vegetarian"), ("Monday", "no chicken this time, maybe tacos", "no chicken")] {
                let response = try await client.send(.post, Self.swapPath(id), token: user.accessToken, json: ["day": day, "reason": reason])
                #expect(response.status == .ok, "\(response.text)")
                let meal = try #require(Self.meals(response.json).first { $0["day"] as? String == day })
                let recipe = try #require(Self.recipe(meal))
                let check = FoodCheck(restrictions: ["sesame"], kidAges: [6, 3], stated: [rule])
                #expect(check.isSafe(recipe), "\(reason): \(recipe.title) \(check.violations(in: recipe))")
            }
        }
    }

    @Test(
        "a recipe asked for goes on the day when it fits; one that breaks a rule, an unknown one, an unknown day or a routine is a 422 naming the field",
        arguments: TestDatabase.allCases)
    func refusals(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let (user, saved, id) = try await Self.signedInWithAWeek(client)
            let used = Set(Self.meals(saved).compactMap { $0["recipe_id"] as? String })
            let check = FoodCheck(restrictions: ["sesame"], kidAges: [6, 3])
            let fit = try #require(
                RecipeCorpus.shipped.first { !used.contains($0.id) && check.isSafe($0) && MealRequest().serves($0) && $0.minAge <= 3 && !$0.tags.contains("puree") })
            let chosen = try await client.send(.post, Self.swapPath(id), token: user.accessToken, json: ["day": "Sunday", "recipe_id": fit.id])
            try #require(chosen.status == .ok && Self.meals(chosen.json).count == 7, "\(chosen.text)")
            #expect(Self.meals(chosen.json)[6]["recipe_id"] as? String == fit.id)

            let sesame = try #require(RecipeCorpus.shipped.first { !check.isSafe($0) && MealRequest().serves($0) })
            let monday = try #require(Self.meals(saved).first?["recipe_id"] as? String)
            let cases: [([String: Any], String)] = [
                (["day": "Sunday", "recipe_id": monday], "recipe_id"),
                (["day": "Sunday", "recipe_id": sesame.id], "recipe_id"), (["day": "Sunday", "recipe_id": "no-such-recipe"], "recipe_id"),
                (["day": "Funday"], "day"), (["day": "   "], "day"), ([:], "day"), (["day": 3], "day"),
                (["day": "Monday", "reason": String(repeating: "é", count: 501)], "reason"),
            ]
            for (body, field) in cases {
                let response = try await client.send(.post, Self.swapPath(id), token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent && response.errorFields.contains(field), "\(body): \(response.status) \(response.text)")
            }
            let unknownDay = try await client.send(.post, Self.swapPath(id), token: user.accessToken, json: ["day": "Funday"])
            #expect(unknownDay.text.contains("Monday, Tuesday"), "the 422 lists the plan's days: \(unknownDay.text)")
            let twice = try await client.send(.post, Self.swapPath(id), token: user.accessToken, json: ["day": "Sunday", "recipe_id": monday])
            #expect(twice.text.contains("already on Monday"), "\(twice.text)")
            // A plan's goal rules must be rules: a list of names.
            for rules: Any in ["sesame", [5], [""]] {
                var payload = try #require(saved["payload"] as? [String: Any])
                payload["goal_rules"] = rules
                let bad = try await client.send(
                    .post, ZiaRoutes.saveArtifact.endpoint.path, token: user.accessToken, json: ["artifact_type": "meal_plan", "payload": payload])
                #expect(bad.status == .unprocessableContent && bad.errorFields.contains { $0.hasPrefix("payload.goal_rules") }, "\(rules): \(bad.text)")
            }
            // Nothing was changed by a refused swap.
            let read = try await client.send(.get, ZiaRoutes.root.prefix + "/artifacts/\(id)", token: user.accessToken)
            #expect(Self.meals(read.json).last?["recipe_id"] as? String == fit.id)

            let routine = try await client.send(
                .post, ZiaRoutes.saveArtifact.endpoint.path, token: user.accessToken,
                json: ["artifact_type": "bedtime_routine", "payload": ["plan_text": "Bath", "steps": [["time": "19:00", "title": "Bath", "minutes": 10]], "total_minutes": 10]])
            let routineID = try #require(routine.json["id"] as? String)
            let notPlan = try await client.send(.post, Self.swapPath(routineID), token: user.accessToken, json: ["day": "Monday"])
            #expect(notPlan.status == .unprocessableContent && notPlan.errorFields == ["id"], "\(notPlan.text)")

            // Anyone else's plan, or no plan, is a 404.
            let other = try await client.signIn(app: "zia")
            for target in [id, UUID().uuidString] {
                let response = try await client.send(.post, Self.swapPath(target), token: other.accessToken, json: ["day": "Monday"])
                #expect(response.status == .notFound, "\(response.text)")
            }
            #expect(try await client.send(.post, Self.swapPath(id), json: ["day": "Monday"]).status == .unauthorized)
        }
    }

    @Test("the plan's goal rules hold for a swapped day; a rule the household added since marks the kept days that break it", arguments: TestDatabase.allCases)
    func goalRulesAndUnfitDays(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let (user, saved, id) = try await Self.signedInWithAWeek(client)
            var payload = try #require(saved["payload"] as? [String: Any])
            payload["goal_rules"] = ["vegetarian"]
            let ruled = try await client.send(
                .post, ZiaRoutes.saveArtifact.endpoint.path, token: user.accessToken, json: ["artifact_type": "meal_plan", "payload": payload])
            let ruledID = try #require(ruled.json["id"] as? String)
            let swapped = try await client.send(.post, Self.swapPath(ruledID), token: user.accessToken, json: ["day": "Wednesday"])
            let meal = try #require(Self.meals(swapped.json).first { $0["day"] as? String == "Wednesday" })
            let recipe = try #require(Self.recipe(meal))
            #expect(FoodCheck(restrictions: ["vegetarian", "sesame"], kidAges: [6, 3]).isSafe(recipe), "\(recipe.title)")

            // The household now also avoids what one kept day's dish carries: a swap of Friday says so.
            let dishes = Self.meals(saved).compactMap(Self.recipe)
            let found = dishes.enumerated().compactMap { index, dish in index == 4 ? nil : FoodCheck.violationsOf(dish).map { (index, $0) } }.first
            let (dayIndex, carried) = try #require(found, "no dish of the week carries an allergen: \(dishes.map(\.title))")
            var household = Self.household
            household["allergies"] = ["sesame", carried]
            #expect(try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: household).status == .ok)
            // Read back, the plan says so at once; a swap of Friday says so too.
            let read = try await client.send(.get, ZiaRoutes.root.prefix + "/artifacts/\(id)", token: user.accessToken)
            let flagged = ((read.json["payload"] as? [String: Any])?["unfit_days"] as? [[String: Any]]) ?? []
            #expect(flagged.contains { $0["day"] as? String == WeekPlanner.days[dayIndex] && ($0["breaks"] as? [String])?.isEmpty == false }, "\(flagged)")
            let response = try await client.send(.post, Self.swapPath(id), token: user.accessToken, json: ["day": "Friday"])
            let unfit = ((response.json["payload"] as? [String: Any])?["unfit_days"] as? [[String: Any]]) ?? []
            #expect(unfit.contains { $0["day"] as? String == WeekPlanner.days[dayIndex] }, "\(unfit)")
        }
    }

    @Test("two swaps of one plan at once both hold; a swap retried with its Idempotency-Key swaps once", arguments: TestDatabase.allCases)
    func concurrentAndRetried(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let (user, saved, id) = try await Self.signedInWithAWeek(client)
            let before = Self.meals(saved)
            try #require(before.count == 7)
            async let first = client.send(.post, Self.swapPath(id), token: user.accessToken, json: ["day": "Monday"])
            async let second = client.send(.post, Self.swapPath(id), token: user.accessToken, json: ["day": "Thursday"])
            let (a, b) = try await (first, second)
            #expect(a.status == .ok && b.status == .ok, "\(a.text) \(b.text)")
            let read = Self.meals(try await client.send(.get, ZiaRoutes.root.prefix + "/artifacts/\(id)", token: user.accessToken).json)
            try #require(read.count == 7)
            #expect(read[0]["recipe_id"] as? String != before[0]["recipe_id"] as? String, "Monday's swap held")
            #expect(read[3]["recipe_id"] as? String != before[3]["recipe_id"] as? String, "Thursday's swap held")
            #expect(Set(read.compactMap { $0["recipe_id"] as? String }).count == 7, "seven different dishes")

            let key = UUID().uuidString
            let body = try JSONSerialization.data(withJSONObject: ["day": "Saturday"])
            let once = try await client.send(.post, Self.swapPath(id), token: user.accessToken, body: body, headers: [.init("Idempotency-Key")!: key])
            let again = try await client.send(.post, Self.swapPath(id), token: user.accessToken, body: body, headers: [.init("Idempotency-Key")!: key])
            try #require(once.status == .ok && again.status == .ok && Self.meals(once.json).count == 7 && Self.meals(again.json).count == 7)
            #expect(again.headers[.init("Idempotent-Replayed")!] == "true")
            #expect(Self.meals(once.json)[5]["recipe_id"] as? String == Self.meals(again.json)[5]["recipe_id"] as? String, "the retry is the first answer")
            let stored = Self.meals(try await client.send(.get, ZiaRoutes.root.prefix + "/artifacts/\(id)", token: user.accessToken).json)
            try #require(stored.count == 7)
            #expect(stored[5]["recipe_id"] as? String == Self.meals(once.json)[5]["recipe_id"] as? String, "swapped once")
        }
    }
}

extension FoodCheck {
    /// An allergen `recipe` carries that a household could rule out (milk, egg, wheat…), if any.
    static func violationsOf(_ recipe: Recipe) -> String? {
        ["milk", "egg", "wheat", "soy", "fish", "tree nuts", "peanuts", "shellfish", "mustard", "celery"].first { allergy in
            !FoodCheck(restrictions: [allergy], kidAges: []).isSafe(recipe)
        }
    }
}
