import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The caller's three reminders (bedtime, meal prep, chore check-in): the defaults, off, until changed.
    public static let reminders = Route<NoParameter, NoBody, ReminderSettings>(.get, root, "/reminders")
    /// A partial update of the caller's reminders (``ReminderSettingsChanges``); answers all three.
    /// Turning one on schedules it, off cancels it, a new time moves it.
    public static let updateReminders = Route<NoParameter, ReminderSettingsChanges, ReminderSettings>(.put, root, "/reminders")

    /// The reminder settings routes, for ``all``.
    public static let remindersRoutes: [RouteShape] = [reminders.shape, updateReminders.shape]
}
