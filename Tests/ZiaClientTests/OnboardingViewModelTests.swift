import ClientTestSupport
import Foundation
import TestSupport
import Testing

@testable import ZiaClient

/// The onboarding wizard against the real server.
@Suite("Zia onboarding view model", .timeLimit(.minutes(3)))
struct OnboardingViewModelTests {
    @Test("four steps with progress; each step's own fields gate Next; Back keeps what was entered", arguments: [TestDatabase.sqlite])
    func stepsAndValidation(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.stepsAndValidation(server) }
    }

    @MainActor static func stepsAndValidation(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let model = OnboardingViewModel(api: stack.api, timeZone: "Mars/Olympus")
        #expect(OnboardingStep.allCases == [.welcome, .kids, .preferences, .bedtime])
        #expect(model.stepNumber == 1)
        #expect(model.totalSteps == 4)
        #expect(!model.canGoBack)

        #expect(model.next() == false)
        #expect(Set(model.errors.fields.keys) == ["timezone"])
        model.timeZone = "Europe/Berlin"
        model.displayName = "Dana"
        #expect(model.next())
        #expect(model.step == .kids)
        #expect(model.stepNumber == 2)

        model.addKid(name: "Ada", age: 18)
        model.profile.allergies = [""]  // a later step's field does not hold this one back
        #expect(model.next() == false)
        #expect(Set(model.errors.fields.keys) == ["kids[0].age"])
        model.profile.kids[0].age = 5
        #expect(model.next())
        #expect(model.step == .preferences)

        #expect(model.next() == false)
        #expect(Set(model.errors.fields.keys) == ["allergies[0]"])
        model.profile.allergies = ["Peanuts"]
        model.profile.cuisines = ["Mexican"]
        #expect(model.next())
        #expect(model.step == .bedtime)
        #expect(model.isLastStep)
        #expect(model.progress == 1)

        model.profile.bedtimePreferences.bedtime = "25:00"
        #expect(model.next() == false)
        #expect(Set(model.errors.fields.keys) == ["bedtime_preferences.bedtime"])
        #expect(await model.submit() == false)
        #expect(model.step == .bedtime)

        model.back()
        model.back()
        #expect(model.step == .kids)
        #expect(model.profile.kids.map(\.name) == ["Ada"])
        #expect(model.displayName == "Dana")
        #expect(stack.chaos.delivered("POST", "/households/upsert").isEmpty, "nothing is sent before submit")
        #expect(stack.chaos.delivered("POST", "/users/upsert").isEmpty)
    }

    @Test("launch check, submit with onboarding_completed and version, first task, then Setup complete", arguments: TestDatabase.allCases)
    func submitAndHandoff(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.submitAndHandoff(server) }
    }

    @MainActor static func submitAndHandoff(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let model = OnboardingViewModel(api: stack.api, timeZone: "America/Chicago", betaCohort: "TestFlight-1")
        await model.checkStatus()
        #expect(model.shouldShowOnboarding)

        model.displayName = "  Dana  "
        #expect(model.next())
        model.addKid(name: "Ada", age: 4)
        #expect(model.next())
        model.profile.allergies = ["Peanuts"]
        #expect(model.next())
        model.profile.bedtimePreferences = BedtimePreferences(bedtime: "19:45", windDownMinutes: 30)

        model.choose(.planMeals)
        #expect(model.firstTask == nil, "no first task before completing")

        stack.chaos.isOffline = true
        #expect(await model.submit() == false)
        #expect(!model.isCompleted)
        #expect(model.step == .bedtime)
        #expect(model.errors.message?.hasPrefix("Offline") == true)
        stack.chaos.isOffline = false

        #expect(await model.submit())
        #expect(model.isCompleted)
        #expect(model.profile.onboardingCompleted)
        #expect(model.profile.onboardingVersion == OnboardingViewModel.currentVersion)
        model.choose(.bedtimeRoutine)
        #expect(model.firstTask == .bedtimeRoutine)
        #expect(!model.shouldShowOnboarding)

        let user = try await stack.api.send(ZiaRoutes.upsertUser, body: ZiaUserUpdate())
        #expect(user.displayName == "Dana")
        #expect(user.timezone == "America/Chicago")
        #expect(user.betaCohort == "testflight-1")

        let relaunch = OnboardingViewModel(api: stack.api)
        await relaunch.checkStatus()
        #expect(!relaunch.shouldShowOnboarding)
        let profile = HouseholdProfileViewModel(api: stack.api)
        await profile.load()
        #expect(profile.setupLabel == "Setup complete")
        #expect(profile.draft.kids.map(\.name) == ["Ada"])

        relaunch.rerun(from: profile.draft)
        #expect(relaunch.shouldShowOnboarding)
        #expect(relaunch.step == .welcome)
        #expect(relaunch.profile.allergies == ["Peanuts"])
    }

    @Test("a profile needs the wizard until completed under the current version")
    func needsOnboarding() {
        #expect(OnboardingViewModel.needsOnboarding(.defaults))
        #expect(OnboardingViewModel.needsOnboarding(HouseholdProfile(onboardingCompleted: true, onboardingVersion: 0)))
        #expect(!OnboardingViewModel.needsOnboarding(HouseholdProfile(onboardingCompleted: true, onboardingVersion: OnboardingViewModel.currentVersion)))
        #expect(OnboardingViewModel.needsOnboarding(HouseholdProfile(onboardingCompleted: false, onboardingVersion: OnboardingViewModel.currentVersion)))
    }
}
