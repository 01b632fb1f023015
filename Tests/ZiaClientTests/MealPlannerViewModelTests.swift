import ClientTestSupport
import Foundation
import TestSupport
import Testing
import ZiaClient

/// The meal planner view model against the in-process server and a scripted stream.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct MealPlannerViewModelTests {
    @Test("a plan streams to its text, recipes and aisle groups; Use My Pantry shows only what the pantry lacks; the plan saves", arguments: TestDatabase.allCases)
    func planToggleSave(_ database: TestDatabase) async throws {
        try await withServer(database) { @MainActor server, _ in
            let stack = try await ZiaClientStack.signedIn(server)
            let planner = MealPlannerViewModel(api: stack.api)
            planner.start()
            #expect(planner.isStreaming)
            await planner.waitForPlan()
            #expect(!planner.isStreaming && planner.status == nil && planner.errorMessage == nil)
            #expect(planner.planText.contains("Monday:") && !planner.recipes.isEmpty)
            let full = planner.aisleGroups
            #expect(!full.isEmpty)
            let order = GroceryAisle.allCases.map(\.rawValue)
            #expect(full.map { order.firstIndex(of: $0.aisle) ?? order.count } == full.map { order.firstIndex(of: $0.aisle) ?? order.count }.sorted(), "store order")

            // Put one listed item in the pantry and plan again: the toggle hides it.
            let stocked = try #require(full.first?.items.first)
            _ = try await stack.api.send(ZiaRoutes.addPantryItem, body: PantryItemInput(name: stocked.name, quantity: 100_000, unit: stocked.unit))
            planner.start()
            await planner.waitForPlan()
            let all = planner.aisleGroups.flatMap(\.items).map(\.name)
            planner.usePantry = true
            let missing = planner.aisleGroups.flatMap(\.items).map(\.name)
            #expect(all.contains(stocked.name) && !missing.contains(stocked.name))
            planner.usePantry = false
            #expect(planner.aisleGroups.flatMap(\.items).map(\.name) == all)

            // A double tap saves once; a tap after it is saved sends nothing.
            async let first: Void = planner.save()
            async let second: Void = planner.save()
            _ = await (first, second)
            await planner.save()
            #expect(!planner.isSaving)
            #expect(Set(stack.chaos.delivered("POST", "/artifacts").compactMap { $0.headers["Idempotency-Key"] }).count == 1)
            #expect(planner.saved?.artifactType == .mealPlan && planner.errorMessage == nil)
            #expect(try await stack.api.send(ZiaRoutes.artifacts, query: ArtifactQuery()).count == 1)
        }
    }

    @Test("start is ignored while a plan streams; a status line shows while it works")
    func ignoredWhileStreaming() async throws {
        let transport = ScriptedStreamTransport([
            .events([Data(#"data: {"event":"status","data":"Fetching recipes..."}"#.utf8 + [0x0A, 0x0A])], end: .never)
        ])
        let planner = MealPlannerViewModel(api: try await ZiaAPIClient.scripted(transport))
        planner.start()
        _ = try await eventually { planner.status != nil }
        #expect(planner.status == "Fetching recipes..." && planner.planText.isEmpty)
        planner.start()
        planner.start(goal: "lunches")
        #expect(transport.streamRequests.count == 1)
        planner.stop()
        await planner.waitForPlan()
        #expect(!planner.isStreaming)
    }

    @Test("with AI assist off, the planner shows the sample meals and sends nothing")
    func offline() async throws {
        let transport = ScriptedStreamTransport([])
        let planner = MealPlannerViewModel(api: try await ZiaAPIClient.scripted(transport), settings: ZiaSettings(aiAssistEnabled: false))
        planner.start()
        #expect(!planner.isStreaming && planner.card == nil)
        #expect(OfflineMeals.sampleMeals.allSatisfy(planner.planText.contains))
        #expect(planner.planText.contains("Monday: Pasta"))
        #expect(transport.streamRequests.isEmpty && transport.sendRequests.isEmpty, "no network request at all")
    }

    @Test("offline, the sample dinners keep to the household's rules: a vegetarian household with a peanut allergy, a baby, a family who keeps nothing")
    func offlineKeepsTheRules() async throws {
        let transport = ScriptedStreamTransport([])
        let vegetarian = HouseholdProfile(kids: [HouseholdKid(name: "Ada", age: 1, dietaryRestrictions: ["peanuts"])], allergies: ["vegetarian", "dairy"])
        let planner = MealPlannerViewModel(api: try await ZiaAPIClient.scripted(transport), settings: ZiaSettings(aiAssistEnabled: false, household: vegetarian))
        planner.start()
        for meat in ["Chicken", "salmon", "Turkey", "cod", "Pasta:", "pizza", "Breakfast for dinner"] {
            #expect(!planner.planText.contains(meat), "\(meat) in:\n\(planner.planText)")
        }
        #expect(planner.planText.contains("Monday: Veggie tacos") && planner.planText.split(separator: "\n").count == 8, "\(planner.planText)")
        let strict = HouseholdProfile(allergies: OfflineMeals.samples.flatMap(\.ingredients))
        #expect(OfflineMeals.week(for: strict).isEmpty && OfflineMeals.planText(for: strict).contains("none of the sample dinners fits"))
        #expect(OfflineMeals.week(for: nil) == OfflineMeals.sampleMeals && OfflineMeals.week(for: .defaults) == OfflineMeals.sampleMeals)
        #expect(transport.streamRequests.isEmpty && transport.sendRequests.isEmpty)
    }
}
