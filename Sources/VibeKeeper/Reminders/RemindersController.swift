import Foundation
import Hummingbird
import PlatformCore
import VibeKeeperAPI

/// `/reminders…` (seed 3.6) and `/users/me/preferences` (the lead time of automatic reminders).
public struct RemindersController: Sendable {
    let reminders: ReminderService
    let clock: any TimeSource

    public init(reminders: ReminderService, clock: any TimeSource) {
        self.reminders = reminders
        self.clock = clock
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        let routes = api.group("reminders")
        routes.get { request, context -> [Reminder] in
            var v = Validator()
            let query = request.uri.queryParameters
            let filter = ReminderFilter.parse({ query.get($0).map { String($0) } }, &v)
            try v.throwIfInvalid()
            return try await reminders.list(for: context.userID, filter: filter)
        }
        routes.post { request, context -> EditedResponse<Reminder> in
            let new = try NewReminder.check(try await request.decode(as: NewReminder.Input.self, context: context), now: clock.now()).get()
            do {
                let reminder = try await reminders.create(new, for: context.userID)
                return tagged(reminder, updatedAt: reminder.updatedAt, status: .created)
            } catch is ReminderService.IdeaNotFound {
                throw GiftIdeasController.ideaNotFound
            }
        }
        routes.get(":id") { _, context -> EditedResponse<Reminder> in
            guard let reminder = try await reminders.find(try Self.reminderID(context), for: context.userID) else { throw Self.notFound }
            return tagged(reminder, updatedAt: reminder.updatedAt)
        }
        routes.put(":id") { request, context -> EditedResponse<Reminder> in
            let id = try Self.reminderID(context)
            let changes = try ReminderChanges.check(try await request.decode(as: ReminderChanges.Input.self, context: context), now: clock.now()).get()
            guard let reminder = try await reminders.update(id, for: context.userID, with: changes, ifMatch: IfMatch(request, entity: "reminder")) else {
                throw Self.notFound
            }
            return tagged(reminder, updatedAt: reminder.updatedAt)
        }
        routes.delete(":id") { request, context -> Response in
            guard try await reminders.delete(try Self.reminderID(context), for: context.userID, ifMatch: IfMatch(request, entity: "reminder")) else { throw Self.notFound }
            return Response(status: .noContent)
        }

        let preferences = api.group("users/me/preferences")
        preferences.get { _, context -> VibeKeeperPreferences in
            VibeKeeperPreferences(notificationLeadTime: try await reminders.leadTime(of: context.userID))
        }
        preferences.put { request, context -> VibeKeeperPreferences in
            let input = try await request.decode(as: VibeKeeperPreferences.Input.self, context: context)
            let days = try VibeKeeperPreferences.check(input).get().notificationLeadTime
            try await reminders.setLeadTime(days, for: context.userID)
            return VibeKeeperPreferences(notificationLeadTime: days)
        }
    }

    static let notFound = APIError.notFound("Reminder", code: "reminder_not_found")

    static func reminderID(_ context: AuthenticatedContext) throws -> ReminderID { try pathID(context, notFound: notFound) }
}

extension Reminder: ResponseEncodable {}
extension VibeKeeperPreferences: ResponseEncodable {}
