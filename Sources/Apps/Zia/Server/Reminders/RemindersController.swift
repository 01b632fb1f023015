import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// `GET|PUT /reminders`: the caller's bedtime, meal-prep and chore check-in reminders.
public struct RemindersController: Sendable {
    let reminders: ZiaReminderService

    public init(reminders: ZiaReminderService) {
        self.reminders = reminders
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.reminders, use: read)
        api.on(ZiaRoutes.updateReminders, use: update)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> ReminderSettings {
        try await reminders.settings(for: context.userID)
    }

    @Sendable func update(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> ReminderSettings {
        let input = try ReminderSettingsChanges.check(try await request.decode(as: ReminderSettingsChanges.Input.self, context: context)).get()
        return try await reminders.update(input, for: context.userID)
    }
}

extension ReminderSettings: ResponseEncodable {}
