import ClientTestSupport
import Foundation
import TestSupport
import Testing

@testable import ZiaClient

/// Run Mode against the real server, on a clock the test moves.
@Suite("Zia routine run view model", .timeLimit(.minutes(3)))
struct RoutineRunViewModelTests {
    static let plan = RoutinePlan(
        type: "bedtime",
        steps: [.init(time: "19:00", title: "Bath", minutes: 15), .init(time: "19:15", title: "PJs", minutes: 5), .init(time: "19:20", title: "Story", minutes: 10)])

    @Test("steps advance with their own timer; a refused Done steps back; complete early updates the streak card", arguments: TestDatabase.allCases)
    func runAPlan(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.runAPlan(server) }
    }

    @MainActor static func runAPlan(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let clock = TestClock()
        let model = RoutineRunViewModel(api: stack.api, now: { clock.now() })
        await model.start(plan)
        #expect(model.isRunning)
        #expect(model.run?.stepsTotal == 3)
        #expect(model.currentStep?.title == "Bath")
        #expect(model.currentStepNumber == 1)
        clock.advance(by: 90)
        #expect(model.stepElapsed == 90)

        await model.markStepDone()
        #expect(model.currentStep?.title == "PJs")
        #expect(model.stepElapsed == 0)
        #expect(model.run?.stepsCompleted == 1)
        clock.advance(by: 40)

        stack.chaos.isOffline = true
        await model.markStepDone()
        #expect(model.currentStep?.title == "PJs", "the refused step comes back")
        #expect(model.stepElapsed == 40, "with its time")
        #expect(model.errorMessage?.hasPrefix("The step was not saved") == true)
        stack.chaos.isOffline = false

        await model.markStepDone()
        #expect(model.currentStep?.title == "Story")
        #expect(model.errorMessage == nil)
        let active = try await stack.api.send(ZiaRoutes.activeRoutineRun)
        #expect(active.run?.stepsCompleted == 2)

        await model.complete()
        #expect(model.run?.status == .completed)
        #expect(!model.isRunning)
        #expect(model.currentStep == nil)
        let card = try #require(model.streak)
        #expect(card.currentStreak == 1)
        #expect(card.longestStreak == 1)
        #expect(card.completionPercent == 100)
        #expect(card.line == "Day one done. Keep it going tomorrow!")

        await model.markStepDone()
        #expect(model.run?.stepsCompleted == 2, "a closed run takes no more steps")

        await model.start(plan)
        await model.abandon()
        #expect(model.run?.status == .abandoned)
        #expect(model.streak?.completionPercent == 50)
    }

    @Test("a saved routine runs its own steps and the run in progress resumes with them", arguments: [TestDatabase.sqlite])
    func resumeSavedRoutine(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.resumeSavedRoutine(server) }
    }

    @MainActor static func resumeSavedRoutine(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let routine = try await SavedPlans.save(stack.api, .bedtimeRoutine)
        let meals = try await SavedPlans.save(stack.api, .mealPlan)
        let chores = try await SavedPlans.save(stack.api, .chorePlan)
        #expect(RoutineStep.steps(of: meals) == nil)
        #expect(RoutineStep.steps(of: chores) == [RoutineStep(title: "Vacuum (Sam)", minutes: 20)])

        let model = RoutineRunViewModel(api: stack.api)
        await model.start(meals)
        #expect(model.run == nil)
        #expect(model.errorMessage == "This plan has no steps to run.")
        await model.start(routine)
        #expect(model.run?.artifactID == routine.id.uuid)
        await model.markStepDone()

        let later = RoutineRunViewModel(api: stack.api)
        #expect(await later.resumeActive())
        #expect(later.steps.map(\.title) == ["Bath", "Story"])
        #expect(later.currentStep?.title == "Story")
        #expect(later.run?.id == model.run?.id)

        await later.complete()
        let none = RoutineRunViewModel(api: stack.api)
        #expect(await none.resumeActive() == false)
        #expect(none.run == nil)

        await none.start([], artifactID: nil)
        #expect(none.errorMessage?.hasPrefix("steps_total") == true)
        #expect(stack.chaos.delivered("POST", "/routine-runs/start").count == 1)
    }

    @Test("the streak card's line and percentage")
    func streakCard() {
        #expect(StreakCard(RoutineStats(currentStreak: 0, longestStreak: 4, completionRate: 0)).line == "Finish a routine today to start a streak.")
        #expect(StreakCard(RoutineStats(currentStreak: 4, longestStreak: 4, completionRate: 0.666)).line == "4 days in a row: your best streak yet!")
        #expect(StreakCard(RoutineStats(currentStreak: 2, longestStreak: 5, completionRate: 0.5)).line == "2 days in a row. 3 more to beat your best.")
        #expect(StreakCard(RoutineStats(currentStreak: 4, longestStreak: 4, completionRate: 0.666)).completionPercent == 67)
    }
}
