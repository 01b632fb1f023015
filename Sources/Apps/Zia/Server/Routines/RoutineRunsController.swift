import Auth
import Foundation
import Hummingbird
import PlatformAPI
import PlatformCore
import ZiaAPI

/// `POST /routine-runs/start|{id}/step|{id}/complete|{id}/abandon`, `GET /routine-runs/active` and
/// `GET /routine-runs/stats`: the caller's own runs, days counted in their time zone (the
/// platform's notification preferences; UTC when unset).
public struct RoutineRunsController: Sendable {
    let runs: RoutineRunRepository
    let accounts: AccountRepository
    let clock: any TimeSource
    /// Runs after a run is completed (Zia writes a `routine_…` memory, with the user's consent).
    let completed: @Sendable (RoutineRun, UserID) async -> Void

    public init(
        runs: RoutineRunRepository, accounts: AccountRepository, clock: any TimeSource, completed: @escaping @Sendable (RoutineRun, UserID) async -> Void = { _, _ in }
    ) {
        self.runs = runs
        self.accounts = accounts
        self.clock = clock
        self.completed = completed
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.startRoutineRun, use: start)
        api.on(ZiaRoutes.stepRoutineRun) { _, context, id in try await runs.move(id, for: context.userID, .step) }
        api.on(ZiaRoutes.completeRoutineRun) { _, context, id in
            let today = LocalDate(clock.now(), in: try await userTimeZone(context.userID, accounts: accounts))
            let run = try await runs.move(id, for: context.userID, .complete(today))
            await completed(run, context.userID)
            return run
        }
        api.on(ZiaRoutes.abandonRoutineRun) { _, context, id in try await runs.move(id, for: context.userID, .abandon) }
        api.on(ZiaRoutes.activeRoutineRun) { _, context, _ in ActiveRoutineRun(try await runs.active(for: context.userID)) }
        api.on(ZiaRoutes.routineStats, use: stats)
    }

    @Sendable func start(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> RoutineRun {
        let entry = try RoutineRunStart.check(try await request.decode(as: RoutineRunStart.Input.self, context: context)).get()
        return try await runs.start(entry, for: context.userID)
    }

    @Sendable func stats(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> RoutineStats {
        let today = LocalDate(clock.now(), in: try await userTimeZone(context.userID, accounts: accounts))
        let all = try await runs.all(for: context.userID)
        return RoutineStreaks.stats(
            completedDays: all.compactMap { $0.status == .completed ? $0.localDay : nil }, today: today,
            completed: all.count { $0.status == .completed }, abandoned: all.count { $0.status == .abandoned })
    }
}

extension RoutineRun: ResponseEncodable {}
extension ActiveRoutineRun: ResponseEncodable {}
extension RoutineStats: ResponseEncodable {}
