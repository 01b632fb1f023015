import AppPlatform
import Auth
import Foundation
import Jobs
import Logging
import Notifications
import Persistence
import PlatformCore
import SQLKit
import VibeKeeperAPI

extension ReminderService {
    /// The texts for an idea (docs/vibekeeper.md, "Automatic reminders"): "Don't forget {name}'s {occasion} on {Month day}!" and
    /// "Gift Reminder: {name}'s {occasion}"; without a recipient the idea stands in for the person,
    /// without an occasion "gift".
    static func text(for idea: GiftIdea, day: LocalDate) -> (message: String, title: String) {
        text(name: idea.recipientName ?? idea.idea, occasion: idea.occasion ?? "gift", day: day)
    }

    static func text(name: String, occasion: String, day: LocalDate) -> (message: String, title: String) {
        (Reminder.message(recipient: name, occasion: occasion, month: day.month, day: day.day), Reminder.title(recipient: name, occasion: occasion))
    }
}
