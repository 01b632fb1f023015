import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia reminders show|set`: the bedtime, meal-prep and chore check-in reminders.
struct RemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders", abstract: "Your reminders: bedtime, meal prep, chore check-in.", subcommands: [Show.self, Set.self],
        defaultSubcommand: Show.self)

    /// The names a user types for a reminder.
    static let names: [String: ReminderCategory] = ["bedtime": .bedtime, "meal": .meal, "meals": .meal, "chore": .chore, "chores": .chore]

    static func describe(_ settings: ReminderSettings) -> String {
        table(
            ["REMINDER", "ON", "TIME", "DAYS", "NEXT"],
            [("bedtime", ReminderCategory.bedtime), ("meal", .meal), ("chore", .chore)].map { name, category in
                let setting = settings[category]
                return [
                    name, setting.enabled ? "on" : "off", String(format: "%02d:%02d", setting.hour, setting.minute),
                    setting.weekdaysOnly ? "weekdays" : "every day", when(setting.nextAt),
                ]
            })
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show your reminders.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in try options.show(try await api.send(ZiaRoutes.reminders), RemindersCommand.describe) }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change one reminder (what you leave out stays).")
        @Argument(help: "bedtime, meal or chore.") var reminder: String
        @Flag(help: "Turn it on or off.") var state: Switch?
        @Option(help: "Its time, HH:MM.") var time: String?
        @Flag(inversion: .prefixedNo, help: "Bedtime only: skip the weekend.") var weekdaysOnly: Bool?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            guard let category = RemindersCommand.names[reminder.lowercased()] else {
                throw CLI.invalidUsage("the reminder is bedtime, meal or chore (got \"\(reminder)\").")
            }
            var change = ReminderChange(enabled: state.map { $0 == .on }, weekdaysOnly: weekdaysOnly)
            if let time {
                let parts = time.split(separator: ":")
                guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]) else { throw CLI.invalidUsage("--time takes HH:MM.") }
                (change.hour, change.minute) = (hour, minute)
            }
            let body: ReminderSettingsChanges
            switch category {
            case .bedtime: body = ReminderSettingsChanges(bedtime: change)
            case .meal: body = ReminderSettingsChanges(meal: change)
            case .chore: body = ReminderSettingsChanges(chore: change)
            }
            try await options.run { api in try options.show(try await api.send(ZiaRoutes.updateReminders, body: body), RemindersCommand.describe) }
        }
    }
}

/// `--on` / `--off`.
enum Switch: String, EnumerableFlag {
    case on, off
}
