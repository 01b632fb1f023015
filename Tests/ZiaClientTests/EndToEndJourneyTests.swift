import AsyncHTTPTransport
import ClientTestSupport
import Foundation
import TestSupport
import Testing
import ZiaClient

/// A household's week through the SDK against the real server on a socket (AsyncHTTPClient): the
/// household with a peanut allergy, a meal plan streamed with no peanuts, saved, a shopping trip
/// whose network is cut halfway, and the pantry holding what was bought once the network is back.
@Suite("Zia SDK end to end", .timeLimit(.minutes(3)))
struct EndToEndJourneyTests {
    @Test("peanut household → streamed plan without peanuts → saved → trip with the network cut halfway → pantry updated", arguments: TestDatabase.allCases)
    func journey(_ database: TestDatabase) async throws {
        try await withLiveServer(database) { url, _ in try await Self.journey(url) }
    }

    @MainActor static func journey(_ url: URL) async throws {
        let chaos = ChaosTransport(AsyncHTTPClientTransport())
        let api = ZiaAPIClient(
            baseURL: url, session: ClientSession(store: InMemoryTokenStore()), transport: chaos, retry: RetryPolicy(maxAttempts: 2, baseDelay: 0.05))
        try await api.client.signInForDevelopment(email: "journey-\(UUID().uuidString.prefix(8))@example.com")

        // The household: two kids, one of them allergic to peanuts.
        let profile = HouseholdProfileViewModel(api: api)
        await profile.load()
        profile.addKid(name: "Maya", age: 6)
        profile.addKid(name: "Leo", age: 3)
        profile.draft.kids[1].dietaryRestrictions = ["peanut"]
        #expect(await profile.save(), "\(profile.errors)")
        #expect(profile.stored?.kids.map(\.name) == ["Maya", "Leo"])

        // A week of dinners, streamed over the socket (one request), and no recipe carries peanuts.
        let planner = MealPlannerViewModel(api: api)
        planner.start()
        #expect(planner.isStreaming)
        await planner.waitForPlan()
        #expect(planner.errorMessage == nil && planner.refusal == nil)
        #expect(planner.planText.contains("Monday"), "\(planner.planText)")
        #expect(!planner.recipes.isEmpty)
        #expect(planner.recipes.allSatisfy { !$0.allergens.contains("peanut") }, "\(planner.recipes.map(\.allergens))")
        #expect(!planner.planText.lowercased().contains("peanut"))
        #expect(!planner.aisleGroups.isEmpty)
        #expect(chaos.delivered("POST", "/assist/stream").count == 1)

        // Saved, then a shopping trip from it.
        await planner.save()
        let plan = try #require(planner.saved)
        #expect(plan.artifactType == .mealPlan)
        let sync = ZiaSync(api: api)
        let trip = GroceryChecklistViewModel(sync: sync)
        await trip.start(mealPlan: plan.id.uuid)
        let session = try #require(trip.session)
        let items = session.items
        #expect(items.count >= 4)

        // Half the list bought with signal, the other half in a basement aisle without.
        let half = items.count / 2
        for item in items[..<half] { await trip.check(item.id) }
        chaos.isOffline = true
        for item in items[half...].prefix(2) { await trip.check(item.id) }
        if let last = items.last { await trip.skip(last.id) }
        await trip.complete()
        #expect(trip.isOffline && trip.completionPending)
        #expect(trip.pendingChanges >= 3)

        // Back in signal: everything queued goes through once, in order, and the pantry holds it.
        chaos.isOffline = false
        await trip.resume()
        #expect(!trip.isOffline && trip.pendingChanges == 0 && !trip.completionPending && trip.conflict == nil, "\(String(describing: trip.errorMessage))")
        let bought = Set(items[..<half].map(\.name)).union(items[half...].prefix(2).map(\.name)).subtracting(items.last.map { [$0.name] } ?? [])
        #expect(Set(trip.itemsAdded.map(\.name)) == bought)
        let pantry = PantryViewModel(sync: sync)
        await pantry.load()
        let held = Set(pantry.aisles.flatMap(\.items).map(\.value.name))
        #expect(bought.isSubset(of: held), "\(bought.subtracting(held))")
        let stats = try await api.send(ZiaRoutes.groceryStats)
        #expect(stats.sessionsCompleted == 1)
    }
}
