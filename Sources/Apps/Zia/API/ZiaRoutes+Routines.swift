import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// Starts a run of a routine (`steps_total` steps, optionally a saved routine of the caller's:
    /// another's or an unknown one is a 404 `artifact_not_found`). A run still in progress is
    /// abandoned first: one run at a time, and starting over is the user's way out of a stale one.
    public static let startRoutineRun = Route<NoParameter, RoutineRunStart, RoutineRun>(.post, root, "/routine-runs/start", status: 201)
    /// One more step of the caller's run done (`steps_completed` never passes `steps_total`); a
    /// closed run is a 409 `routine_run_closed`.
    public static let stepRoutineRun = Route<RoutineRunID, NoBody, RoutineRun>(.post, root, "/routine-runs/{id}/step")
    /// Completes the caller's run (early allowed), on the user's local day; a closed run is a 409.
    public static let completeRoutineRun = Route<RoutineRunID, NoBody, RoutineRun>(.post, root, "/routine-runs/{id}/complete")
    /// Abandons the caller's run; a closed run is a 409.
    public static let abandonRoutineRun = Route<RoutineRunID, NoBody, RoutineRun>(.post, root, "/routine-runs/{id}/abandon")
    /// The caller's run in progress, or `null`.
    public static let activeRoutineRun = Route<NoParameter, NoBody, ActiveRoutineRun>(.get, root, "/routine-runs/active")
    /// The caller's streaks and completion rate, in their time zone.
    public static let routineStats = Route<NoParameter, NoBody, RoutineStats>(.get, root, "/routine-runs/stats")

    /// The routine runs and chore scheduling routes, for ``all``.
    public static let routinesRoutes: [RouteShape] = [
        startRoutineRun.shape, stepRoutineRun.shape, completeRoutineRun.shape, abandonRoutineRun.shape, activeRoutineRun.shape, routineStats.shape,
        scheduleChores.shape,
    ]
}

extension ZiaRoutes {
    /// `schedule_chores` (docs/zia.md, "Chores"): the dates of `days` days from `start_date` that fall on the
    /// chosen weekdays, as `[{name, date}]`.
    public static let scheduleChores = Route<NoParameter, ChoreScheduleRequest, [ChoreOccurrence]>(.post, root, "/chores/schedule")
}
