import ClientTestSupport
import Foundation
import TestSupport
import Testing

@testable import ZiaClient

/// The household profile screen against the real server.
@Suite("Zia household profile view model", .timeLimit(.minutes(3)))
struct HouseholdProfileViewModelTests {
    @Test("loads the session's household, saves the edited draft normalised, and reads it back", arguments: TestDatabase.allCases)
    func loadEditSave(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.loadEditSave(server) }
    }

    @MainActor static func loadEditSave(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let model = HouseholdProfileViewModel(api: stack.api)
        await model.load()
        #expect(model.draft == .defaults)
        #expect(!model.isSetupComplete)
        #expect(model.setupLabel == "Finish setup")
        #expect(!model.hasChanges)

        model.addAdult(name: "Sam", role: .guardian)
        model.addKid(name: "Ada", age: 4)
        model.addKid(age: 7)
        model.draft.kids[0].dietaryRestrictions = ["Dairy"]
        model.draft.allergies = ["Peanuts", " peanuts ", "Shellfish"]
        model.draft.cuisines = ["Italian"]
        model.draft.bedtimePreferences = BedtimePreferences(bedtime: "19:30", wakeTime: "06:45", windDownMinutes: 20)
        #expect(model.hasChanges)
        #expect(await model.save())
        #expect(model.errors.isEmpty)
        #expect(model.draft.allergies == ["Peanuts", "Shellfish"])
        #expect(model.draft.kids.map(\.name) == ["Ada", "Child 2"])
        #expect(!model.hasChanges)

        let again = HouseholdProfileViewModel(api: stack.api)
        await again.load()
        #expect(again.draft == model.draft)
        #expect(again.draft.adults.map(\.name) == ["Me", "Sam"])
        #expect(again.draft.bedtimePreferences.wakeTime == "06:45")

        again.removeAdult(at: 0)
        again.removeAdult(at: 0)
        #expect(again.draft.adults.count == 1, "the last adult stays")
    }

    @Test("the server's rules run on the device: offending fields are marked by path and nothing is sent", arguments: [TestDatabase.sqlite])
    func checkedOnDevice(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.checkedOnDevice(server) }
    }

    @MainActor static func checkedOnDevice(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let model = HouseholdProfileViewModel(api: stack.api)
        await model.load()
        model.addKid(name: "Teen", age: 18)
        model.draft.allergies = ["  "]
        model.draft.bedtimePreferences.bedtime = "7:30pm"
        model.draft.bedtimePreferences.windDownMinutes = 300
        #expect(!model.validate())
        #expect(Set(model.errors.fields.keys) == ["kids[0].age", "allergies[0]", "bedtime_preferences.bedtime", "bedtime_preferences.wind_down_minutes"])
        #expect(await model.save() == false)
        #expect(stack.chaos.delivered("POST", "/households/upsert").isEmpty)

        model.draft.kids[0].age = 17
        model.draft.allergies = []
        model.draft.bedtimePreferences = BedtimePreferences(bedtime: "19:30")
        #expect(model.validate())
        #expect(await model.save())
        #expect(stack.chaos.delivered("POST", "/households/upsert").count == 1)
    }

    @Test("a 422 from the server marks the same fields (a device with older rules)", arguments: [TestDatabase.sqlite])
    func serverRefusalMapsOntoForm(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.serverRefusalMapsOntoForm(server) }
    }

    @MainActor static func serverRefusalMapsOntoForm(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        // Rules that let everything through, as an app built before a limit changed would.
        let model = HouseholdProfileViewModel(api: stack.api, rules: { _ in .valid(HouseholdProfile(kids: [HouseholdKid(name: "Old", age: 30)])) })
        await model.load()
        model.addKid(name: "Old", age: 30)
        #expect(await model.save() == false)
        #expect(stack.chaos.delivered("POST", "/households/upsert").count == 1)
        #expect(model.errors["kids[0].age"] != nil)
        #expect(model.errors.message == nil)
        #expect(model.stored == .defaults, "nothing was stored")

        stack.chaos.isOffline = true
        let offline = HouseholdProfileViewModel(api: stack.api)
        await offline.load()
        #expect(offline.errors.message?.hasPrefix("Offline") == true)
        #expect(offline.errors.fields.isEmpty)
    }
}
