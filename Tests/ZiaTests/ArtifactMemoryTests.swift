import AppServer
import Foundation
import PlatformAPI
import TestSupport
import Testing
import Zia
import ZiaAPI
import ZiaAssistant
import ZiaCorpus

/// Memories written back (``MemoryWriteBack``, only with consent) and read by the meal planner
/// (``RememberedCuisines``): a saved Italian plan raises Italian recipes in the next plan.
@Suite("Zia artifact memories", .timeLimit(.minutes(3)))
struct ArtifactMemoryTests {
    static let italian = RecipeCorpus.shipped.filter { $0.cuisine == "italian" }

    /// The cuisines of the recipes of one offline meal plan, in plan order.
    static func planCuisines(_ client: TestClient, _ token: String) async throws -> [String] {
        let response = try await client.send(.post, AssistStreamTests.streamPath, token: token, json: ["goal": "Plan dinners for the week", "mode": "meals"])
        let final = try #require(AssistEventRead.events(Array(response.body)).first { $0.type == "final" }?.object, "\(response.text.prefix(400))")
        let recipes = try #require(final["recipes"] as? [[String: Any]])
        let ids = ((final["plan_text"] as? String) ?? "").split(separator: "\n").compactMap { line in
            recipes.first { line.hasSuffix(": " + ($0["title"] as? String ?? "-")) }?["cuisine"] as? String
        }
        return ids
    }

    static func mealPlan(_ recipes: [Recipe]) -> [String: Any] {
        [
            "plan_text": recipes.map(\.title).joined(separator: "\n"),
            "meals": recipes.enumerated().map { index, recipe in ["day": WeekPlanner.days[index % 7], "recipe_id": recipe.id, "title": recipe.title] },
            "grocery": ["aisles": [:] as [String: Any]],
        ]
    }

    @Test("a saved Italian plan writes meal_cuisine_italian (with consent) and raises Italian recipes in the next plan", arguments: TestDatabase.allCases)
    func savedPlanShapesTheNext(_ database: TestDatabase) async throws {
        try #require(Self.italian.count >= 3)
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            _ = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["personalization_consent": true])
            let before = try await Self.planCuisines(client, user.accessToken)
            #expect(before.count == 7, "\(before)")

            // By recipe id, and by title when the id is missing.
            var plan = Self.mealPlan(Array(Self.italian.prefix(3)))
            plan["meals"] = (plan["meals"] as! [[String: Any]]) + [["day": "Sunday", "title": Self.italian[0].title.uppercased()]]
            let saved = try await client.send(.post, ArtifactAPITests.path, token: user.accessToken, json: ["artifact_type": "meal_plan", "payload": plan])
            #expect(saved.status == .created, "\(saved.text)")
            let memories = try await client.send(.get, MemoryAPITests.path + "?domain=meal", token: user.accessToken).decode(MemoryList.self).memories
            #expect(memories.map(\.key) == ["meal_cuisine_italian"])
            #expect(memories.first?.value == "Likes Italian cuisine (from a saved meal plan)" && memories.first?.kind == .preference)

            let after = try await Self.planCuisines(client, user.accessToken)
            #expect(after.first == "italian", "\(before) → \(after)")
            #expect(after.filter { $0 == "italian" }.count > before.filter { $0 == "italian" }.count, "\(before) → \(after)")
        }
    }

    @Test("without consent nothing is written back; a routine plan writes no cuisine", arguments: TestDatabase.allCases)
    func consentRequired(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let saved = try await client.send(.post, ArtifactAPITests.path, token: user.accessToken, json: ["artifact_type": "meal_plan", "payload": Self.mealPlan(Self.italian)])
            #expect(saved.status == .created, "\(saved.text)")
            _ = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["personalization_consent": true])
            _ = try await client.send(.post, ArtifactAPITests.path, token: user.accessToken, json: ["artifact_type": "bedtime_routine", "payload": ArtifactAPITests.routine])
            #expect(try await client.send(.get, MemoryAPITests.path, token: user.accessToken).decode(MemoryList.self).memories.isEmpty)
        }
    }

    @Test("routineCompleted writes the routine_<type>_completed fact, only with consent", arguments: TestDatabase.allCases)
    func routineCompleted(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let writeBack = try #require(server.app(ZiaApp.self)).writeBack
            let user = try await client.signIn(app: "zia")
            let id = UserID(UUID(uuidString: user.userID)!)
            let day = LocalDate(year: 2026, month: 11, day: 26)
            #expect(await writeBack.routineCompleted(routineType: "bedtime", stepsCompleted: 5, stepsTotal: 6, day: day, for: id).isEmpty)
            _ = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["personalization_consent": true])
            let written = await writeBack.routineCompleted(routineType: "Bedtime", stepsCompleted: 5, stepsTotal: 6, day: day, for: id)
            #expect(written.map(\.key) == ["routine_bedtime_completed"] && written.first?.kind == .fact)
            #expect(written.first?.value == "Completed the bedtime routine (5 of 6 steps) on 2026-11-26")
            let listed = try await client.send(.get, MemoryAPITests.path + "?domain=routine", token: user.accessToken).decode(MemoryList.self).memories
            #expect(listed.map(\.key) == ["routine_bedtime_completed"])
        }
    }

    @Test("remembered cuisines: known cuisines named as words, first named first, after the household's own")
    func rememberedCuisines() {
        #expect(
            RememberedCuisines.named(in: ["We love Mexican food, and Thai", "Likes Middle Eastern cuisine", "italianate dishes", "mexican again"]) == [
                "mexican", "thai", "middle_eastern",
            ])
        let household = RememberedCuisines.preferring(["Likes Italian cuisine", "likes Thai"], in: HouseholdProfile(cuisines: ["Thai"]))
        #expect(household.cuisines == ["Thai", "italian"])
    }
}
