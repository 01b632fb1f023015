import AppPlatform
import Foundation
import Hummingbird
import PlatformCore
import VibeKeeperAPI

/// Reminders (docs/vibekeeper.md, "API" and "Automatic reminders") and VibeKeeper's preferences (the lead time of automatic reminders).
public struct RemindersController: Sendable {
    let reminders: ReminderService
    let clock: any TimeSource

    public init(reminders: ReminderService, clock: any TimeSource) {
        self.reminders = reminders
        self.clock = clock
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(VibeKeeperRoutes.reminders, use: list)
        api.on(VibeKeeperRoutes.createReminder, edited: create)
        api.on(VibeKeeperRoutes.reminder, edited: read)
        api.on(VibeKeeperRoutes.updateReminder, edited: update)
        api.on(VibeKeeperRoutes.deleteReminder, use: delete)
        api.on(VibeKeeperRoutes.preferences, use: preferences)
        api.on(VibeKeeperRoutes.updatePreferences, use: updatePreferences)
    }

    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ filter: ReminderFilter) async throws -> [Reminder] {
        try await reminders.list(for: context.userID, filter: filter)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<Reminder> {
        let new = try NewReminder.check(try await request.decode(as: NewReminder.Input.self, context: context), now: clock.now()).get()
        let reminder = try await reminders.create(new, for: context.userID)
        return tagged(reminder, updatedAt: reminder.updatedAt, status: .created)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: ReminderID) async throws -> EditedResponse<Reminder> {
        guard let reminder = try await reminders.find(id, for: context.userID) else { throw Self.notFound }
        return tagged(reminder, updatedAt: reminder.updatedAt)
    }

    @Sendable func update(_ request: Request, _ context: AuthenticatedContext, _ id: ReminderID) async throws -> EditedResponse<Reminder> {
        let changes = try ReminderChanges.check(try await request.decode(as: ReminderChanges.Input.self, context: context), now: clock.now()).get()
        guard let reminder = try await reminders.update(id, for: context.userID, with: changes, ifMatch: IfMatch(request, entity: "reminder")) else {
            throw Self.notFound
        }
        return tagged(reminder, updatedAt: reminder.updatedAt)
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: ReminderID) async throws -> NoContent {
        guard try await reminders.delete(id, for: context.userID, ifMatch: IfMatch(request, entity: "reminder")) else { throw Self.notFound }
        return NoContent()
    }

    @Sendable func preferences(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> VibeKeeperPreferences {
        VibeKeeperPreferences(notificationLeadTime: try await reminders.leadTime(of: context.userID))
    }

    @Sendable func updatePreferences(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> VibeKeeperPreferences {
        let input = try await request.decode(as: VibeKeeperPreferences.Input.self, context: context)
        let days = try VibeKeeperPreferences.check(input).get().notificationLeadTime
        try await reminders.setLeadTime(days, for: context.userID)
        return VibeKeeperPreferences(notificationLeadTime: days)
    }

    static let notFound = APIError.notFound("Reminder", code: "reminder_not_found")
}

extension Reminder: ResponseEncodable {}
extension VibeKeeperPreferences: ResponseEncodable {}
