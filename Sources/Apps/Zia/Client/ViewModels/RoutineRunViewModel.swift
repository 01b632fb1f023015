import Foundation
import Observation

/// Run Mode, the routine player (docs/zia.md, "Screens' view models"): a run started from a routine plan or a saved routine,
/// the current step with the time spent on it (on an injected clock), "Done" that advances at once
/// and steps back if the server refuses, complete (early allowed), abandon, resuming the run in
/// progress, and the streak card.
@MainActor
@Observable
public final class RoutineRunViewModel {
    public private(set) var run: RoutineRun?
    public private(set) var steps: [RoutineStep] = []
    /// Steps done as shown (ahead of the server while a "Done" is on its way).
    public private(set) var stepsDone = 0
    /// When the current step began (by ``now``).
    public private(set) var stepStartedAt: Date?
    public private(set) var streak: StreakCard?
    public private(set) var errorMessage: String?
    public private(set) var isSending = false

    let api: ZiaAPIClient
    let now: @Sendable () -> Date

    public init(api: ZiaAPIClient, now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        self.now = now
    }

    public var isRunning: Bool { run?.status == .inProgress }
    /// The step being done; nil when none is left or no run is going.
    public var currentStep: RoutineStep? { isRunning && steps.indices.contains(stepsDone) ? steps[stepsDone] : nil }
    public var currentStepNumber: Int { min(stepsDone + 1, steps.count) }
    /// Seconds on the current step, by the injected clock.
    public var stepElapsed: TimeInterval { stepStartedAt.map { max(0, now().timeIntervalSince($0)) } ?? 0 }
    public var allStepsDone: Bool { !steps.isEmpty && stepsDone >= steps.count }

    /// Starts a run of the agent's plan (a run in progress is abandoned by the server first).
    public func start(_ plan: RoutinePlan) async { await start(RoutineStep.steps(of: plan), artifactID: nil) }

    /// Starts a run of a saved bedtime routine or chore plan.
    public func start(_ artifact: Artifact) async {
        guard let steps = RoutineStep.steps(of: artifact) else {
            errorMessage = "This plan has no steps to run."
            return
        }
        await start(steps, artifactID: artifact.id)
    }

    /// Starts a run of `steps` (1–100; checked here as the server checks it).
    public func start(_ steps: [RoutineStep], artifactID: ArtifactID?) async {
        let body = RoutineRunStart(artifactID: artifactID, stepsTotal: steps.count)
        if let problem = RoutineRunStart.check(body.input).problems.first {
            errorMessage = "\(problem.field) \(problem.message)"
            return
        }
        await call {
            let started = try await self.api.send(ZiaRoutes.startRoutineRun, body: body)
            self.show(started, steps: steps)
        }
    }

    /// Picks up the run in progress (the app's launch, or back to Run Mode): its steps from its
    /// saved routine, else numbered ones. False when there is none.
    @discardableResult
    public func resumeActive() async -> Bool {
        var found = false
        await call {
            guard let active = try await self.api.send(ZiaRoutes.activeRoutineRun).run else {
                self.run = nil
                return
            }
            var steps: [RoutineStep]?
            if let id = active.artifactID {
                steps = try? RoutineStep.steps(of: await self.api.send(ZiaRoutes.artifact, ArtifactID(id)))
            }
            let numbered = (0..<active.stepsTotal).map { RoutineStep(title: "Step \($0 + 1)") }
            self.show(active, steps: steps?.count == active.stepsTotal ? steps! : numbered)
            found = true
        }
        return found
    }

    /// "Done" on the current step: the next one shows at once (its timer restarts); if the server
    /// refuses, the step comes back with its time and a message.
    public func markStepDone() async {
        guard let current = run, isRunning, !isSending, stepsDone < steps.count else { return }
        let before = (stepsDone, stepStartedAt)
        stepsDone += 1
        stepStartedAt = now()
        isSending = true
        defer { isSending = false }
        do {
            run = try await api.send(ZiaRoutes.stepRoutineRun, current.id)
            errorMessage = nil
        } catch {
            (stepsDone, stepStartedAt) = before
            errorMessage = "The step was not saved: " + ScreenText.message(error)
        }
    }

    /// Finishes the run (early allowed), then refreshes the streak card.
    public func complete() async { await close(ZiaRoutes.completeRoutineRun) }

    /// Gives the run up, then refreshes the streak card.
    public func abandon() async { await close(ZiaRoutes.abandonRoutineRun) }

    /// Loads the streak card.
    public func loadStats() async {
        await call { self.streak = StreakCard(try await self.api.send(ZiaRoutes.routineStats)) }
    }

    private func close(_ route: Route<RoutineRunID, NoBody, RoutineRun>) async {
        guard let current = run, isRunning else { return }
        await call {
            self.run = try await self.api.send(route, current.id)
            self.stepStartedAt = nil
        }
        if !isRunning { await loadStats() }
    }

    private func show(_ run: RoutineRun, steps: [RoutineStep]) {
        self.run = run
        self.steps = steps
        stepsDone = run.stepsCompleted
        stepStartedAt = now()
    }

    private func call(_ body: () async throws -> Void) async {
        guard !isSending else { return }
        isSending = true
        defer { isSending = false }
        do {
            try await body()
            errorMessage = nil
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }
}
