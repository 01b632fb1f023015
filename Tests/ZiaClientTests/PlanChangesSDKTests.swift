import ClientTestSupport
import Foundation
import TestSupport
import Testing

@testable import ZiaClient

/// Changing what the family has through the SDK, against the real server: a saved plan's day
/// swapped from the Saved screen; a plan's stated rule kept for every plan; and a household edited
/// on two devices at once, where neither parent's change is lost.
@Suite("Zia SDK: swaps, rule cards, household versions", .timeLimit(.minutes(3)))
struct PlanChangesSDKTests {
    @Test("the Saved screen swaps one day: the row and the opened plan show it, the other days stay; a day the plan lacks changes nothing", arguments: TestDatabase.allCases)
    func swapFromSavedScreen(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.swapFromSavedScreen(server) }
    }

    @MainActor static func swapFromSavedScreen(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let planner = MealPlannerViewModel(api: stack.api)
        planner.start()
        await planner.waitForPlan()
        await planner.save()
        let saved = try #require(planner.saved)
        let model = SavedItemsViewModel(api: stack.api)
        await model.load()
        await model.open(saved.id)
        let before = SavedItemsViewModel.days(of: saved)
        #expect(before.count == 7, "\(before)")

        // The answer is lost once and the request arrives twice: one swap, the first answer.
        stack.chaos.inject(.duplicate, "POST", "/swap")
        let updated = try #require(await model.swap(saved.id, day: "Tuesday", reason: "something quick"))
        let after = SavedItemsViewModel.days(of: updated)
        #expect(after.count == 7 && after[1].title != before[1].title && after[1].recipeID != nil)
        #expect(Array(after.prefix(1)) == Array(before.prefix(1)) && Array(after.dropFirst(2)) == Array(before.dropFirst(2)))
        #expect(model.items.first { $0.id == saved.id } == updated && model.opened == updated)
        #expect(model.errorMessage == nil && !model.isSwapping)
        let sent = stack.chaos.delivered("POST", "/swap")
        #expect(sent.count == 2 && Set(sent.compactMap { $0.headers["Idempotency-Key"] }).count == 1, "one key for both deliveries")
        let stored = try await stack.api.send(ZiaRoutes.artifact, saved.id)
        #expect(stored == updated, "the second delivery replayed the first swap")

        #expect(await model.swap(saved.id, day: "Funday") == nil)
        #expect(model.errorMessage?.hasPrefix("The day was not changed") == true, "\(model.errorMessage ?? "")")
        #expect(model.opened == updated, "a refused swap changes nothing")
    }

    @Test("a goal's stated rule: the card's yes adds it to the household under the version read, keeping what another device saved")
    func acceptRules() async throws {
        try await withServer(.sqlite) { server, _ in try await Self.acceptRules(server) }
    }

    @MainActor static func acceptRules(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        _ = try await stack.api.send(ZiaRoutes.upsertHousehold, body: HouseholdProfile(allergies: ["peanuts"], cuisines: ["thai"]))
        let chat = ChatViewModel(api: stack.api)
        chat.send("My son is allergic to sesame, plan dinners for the week")
        await chat.waitForAnswer()
        let message = try #require(chat.messages.last { $0.ruleSuggestion != nil }, "\(chat.messages.map(\.text))")
        #expect(message.ruleSuggestion?.rules == ["sesame"])
        await chat.acceptRules(message.id)
        await chat.acceptRules(message.id)
        #expect(chat.messages.first { $0.id == message.id }?.ruleSuggestion?.accepted == true)
        let household = try await HouseholdSaving(api: stack.api, rules: HouseholdProfile.check).load()
        #expect(household.profile.allergies == ["peanuts", "sesame"] && household.profile.cuisines == ["thai"])
        let saves = stack.chaos.delivered("POST", "/households/upsert")
        #expect(saves.count == 2, "asked twice, sent once")
        #expect(saves.last?.headers["If-Match"] != nil, "saved under the version read")
    }

    @Test("a household saved on another device while the form was open: 412, the form's edits on top of theirs, saved on the second try", arguments: TestDatabase.allCases)
    func twoDevices(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.twoDevices(server) }
    }

    @MainActor static func twoDevices(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        _ = try await stack.api.send(ZiaRoutes.upsertHousehold, body: HouseholdProfile(allergies: ["peanuts"], cuisines: ["thai"]))
        let form = HouseholdProfileViewModel(api: stack.api)
        await form.load()
        form.draft.cuisines = ["thai", "italian"]
        form.draft.allergies.append("milk")
        // The other parent adds an allergy meanwhile (through the API client, as their phone would).
        _ = try await stack.api.addFoodRules(["sesame"])

        #expect(await form.save() == false)
        #expect(form.errors.message?.contains("changed on another device") == true, "\(form.errors)")
        #expect(form.draft.allergies == ["peanuts", "sesame", "milk"], "both parents' allergies are in the form")
        #expect(form.draft.cuisines == ["thai", "italian"], "this form's edit is kept")
        #expect(await form.save())
        let stored = try await HouseholdSaving(api: stack.api, rules: HouseholdProfile.check).load().profile
        #expect(stored.allergies == ["peanuts", "sesame", "milk"] && stored.cuisines == ["thai", "italian"])

        // One kid edited on both: the form's age and both devices' restrictions.
        let base = HouseholdProfile(kids: [HouseholdKid(name: "Sam", age: 6, dietaryRestrictions: ["kiwi"])])
        var mine = base
        mine.kids[0].age = 7
        var theirs = base
        theirs.kids[0].dietaryRestrictions.append("sesame")
        let merged = HouseholdSaving.rebase(mine, from: base, onto: theirs)
        #expect(merged.kids == [HouseholdKid(name: "Sam", age: 7, dietaryRestrictions: ["kiwi", "sesame"])])
    }
}
