import Foundation
import Observation

/// The reminders settings screen (docs/zia.md, "Reminders"): the three reminders (bedtime, meal prep, chore
/// check-in) with their switch, time and (bedtime only) weekdays choice. Each change is a partial
/// `PUT /reminders` of that one field, checked first with the server's rules; what offends is shown
/// by its path (`bedtime_reminder.hour`) and nothing is sent.
@MainActor
@Observable
public final class RemindersViewModel {
    public private(set) var settings: ReminderSettings?
    public private(set) var errors = FormErrors()
    public private(set) var isLoading = false
    /// The categories with a change on its way.
    public private(set) var saving: Set<ReminderCategory> = []

    let api: ZiaAPIClient

    public init(api: ZiaAPIClient) { self.api = api }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            settings = try await api.send(ZiaRoutes.reminders)
            errors = FormErrors()
        } catch {
            errors = FormErrors(error)
        }
    }

    /// Turns a reminder on or off (its time is kept).
    @discardableResult
    public func setEnabled(_ category: ReminderCategory, _ enabled: Bool) async -> Bool {
        await change(category, ReminderChange(enabled: enabled))
    }

    /// Moves a reminder to `hour:minute` (local).
    @discardableResult
    public func setTime(_ category: ReminderCategory, hour: Int, minute: Int) async -> Bool {
        await change(category, ReminderChange(hour: hour, minute: minute))
    }

    /// Bedtime only: Monday to Friday, or every day.
    @discardableResult
    public func setWeekdaysOnly(_ category: ReminderCategory, _ weekdaysOnly: Bool) async -> Bool {
        await change(category, ReminderChange(weekdaysOnly: weekdaysOnly))
    }

    /// Sends one category's change when it passes the server's rules; the answer replaces all three.
    private func change(_ category: ReminderCategory, _ change: ReminderChange) async -> Bool {
        var changes = ReminderSettingsChanges()
        changes[category] = change
        let problems = ReminderSettingsChanges.check(changes.input).problems
        guard problems.isEmpty else {
            errors = FormErrors(fields: problems)
            return false
        }
        saving.insert(category)
        defer { saving.remove(category) }
        do {
            settings = try await api.send(ZiaRoutes.updateReminders, body: changes)
            errors = FormErrors()
            return true
        } catch {
            errors = FormErrors(error)
            return false
        }
    }
}
