import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// `POST /chores/schedule`: `schedule_chores` (docs/zia.md, "Chores") over a checked body (pure: nothing is stored).
public struct ChoresController: Sendable {
    public init() {}

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.scheduleChores) { request, context, _ in
            let entry = try ChoreScheduleRequest.check(try await request.decode(as: ChoreScheduleRequest.Input.self, context: context)).get()
            return ChoreSchedule.occurrences(name: entry.name, start: entry.startDate, weekdays: entry.weekdays, days: entry.days)
        }
    }
}
