import ClientTestSupport
import Foundation
import TestSupport
import Testing

@testable import ZiaClient

/// The reminders screen against the real server.
@Suite("Zia reminders view model", .timeLimit(.minutes(3)))
struct RemindersViewModelTests {
    @Test("loads the three reminders, toggles and moves one with a partial PUT of that field only", arguments: TestDatabase.allCases)
    func toggleAndMove(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.toggleAndMove(server) }
    }

    @MainActor static func toggleAndMove(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let model = RemindersViewModel(api: stack.api)
        await model.load()
        let loaded = try #require(model.settings)
        #expect(loaded.bedtime == .defaults(for: .bedtime))
        #expect(loaded.meal == .defaults(for: .meal))
        #expect(loaded.chore == .defaults(for: .chore))

        #expect(await model.setEnabled(.bedtime, true))
        #expect(model.settings?.bedtime.enabled == true)
        #expect(model.settings?.bedtime.nextAt != nil)
        #expect(model.settings?.meal.enabled == false)
        let body = try #require(stack.chaos.delivered("PUT", "/reminders").last?.body)
        let sent = try JSONSerialization.jsonObject(with: body) as? [String: [String: Any]]
        #expect(sent?.keys.sorted() == ["bedtime_reminder"])
        #expect(sent?["bedtime_reminder"]?.keys.sorted() == ["enabled"])

        #expect(await model.setTime(.bedtime, hour: 20, minute: 15))
        #expect(model.settings?.bedtime.hour == 20)
        #expect(model.settings?.bedtime.minute == 15)
        #expect(model.settings?.bedtime.enabled == true, "moving keeps it on")
        #expect(await model.setWeekdaysOnly(.bedtime, true))
        #expect(model.settings?.bedtime.weekdaysOnly == true)

        let reloaded = RemindersViewModel(api: stack.api)
        await reloaded.load()
        #expect(reloaded.settings == model.settings)
    }

    @Test("a time or days the rules refuse is shown by its path and not sent", arguments: [TestDatabase.sqlite])
    func validation(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.validation(server) }
    }

    @MainActor static func validation(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let model = RemindersViewModel(api: stack.api)
        await model.load()
        #expect(await model.setTime(.meal, hour: 24, minute: 60) == false)
        #expect(Set(model.errors.fields.keys) == ["meal_reminder.hour", "meal_reminder.minute"])
        #expect(await model.setWeekdaysOnly(.chore, true) == false)
        #expect(model.errors["chore_reminder.weekdays_only"] != nil)
        #expect(stack.chaos.delivered("PUT", "/reminders").isEmpty)
        #expect(model.settings?.meal == .defaults(for: .meal))

        stack.chaos.isOffline = true
        #expect(await model.setEnabled(.chore, true) == false)
        #expect(model.errors.message?.hasPrefix("Offline") == true)
        #expect(model.settings?.chore.enabled == false)
    }
}
