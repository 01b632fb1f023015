import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `vibekeeper reminders list|add|cancel|delete`: reminders about gift ideas (the server's
/// automatic ones and the user's own).
struct RemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders", abstract: "Reminders about gift ideas and occasions.", subcommands: [List.self, Add.self, Cancel.self, Delete.self],
        defaultSubcommand: List.self)

    /// `reminders list`: the server's automatic reminders and the user's own, soonest first.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List reminders, soonest first.")
        @Option(help: "Only reminders with this status: pending, sent, cancelled or failed.") var status: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                var filter = ReminderFilter()
                if let status {
                    guard let parsed = ReminderStatus(rawValue: status.lowercased()) else {
                        throw invalidField("status", "must be one of: \(ReminderStatus.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    filter.status = parsed
                }
                let reminders: [Reminder]
                do {
                    reminders = try await withProgress("Loading reminders") { try await ws.api.send(VibeKeeperRoutes.reminders, query: filter) }
                } catch ClientError.offline(let detail) {
                    await ws.offlineNote(detail)
                    reminders = await ws.sync.reminders(status: filter.status).map(\.value)
                }
                try options.show(reminders) { reminders in
                    guard !reminders.isEmpty else {
                        return "No reminders. Dated ideas and occasions get one automatically; add your own with `vibekeeper reminders add IDEA --at WHEN`."
                    }
                    return Render.reminders(reminders) + "\n" + "\(count(reminders.count, "reminder"))."
                }
            }
        }
    }

    /// `reminders add IDEA --at WHEN`: a reminder of the user's own about an idea.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remind yourself about an idea at a given time.")
        @Argument(help: "The idea's ID (or a unique prefix).") var idea: String
        @Option(help: "When: an ISO 8601 time (2027-03-05T09:00:00Z), or YYYY-MM-DD HH:MM or YYYY-MM-DD (09:00) in this machine's time zone.")
        var at: String
        @Option(help: "The text (default: about the idea).") var message: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                guard let when = Self.instant(at) else {
                    throw invalidField("scheduled_for", "must be an ISO 8601 date and time such as 2027-03-05T09:00:00Z")
                }
                let record = try await ws.localIdea(idea)
                let created = try await ws.sync.createReminder(NewReminder(giftIdeaId: record.value.id, scheduledFor: when, message: message))
                try await ws.show(
                    created.value, status: created.syncStatus, done: "Reminder set for \(Render.instant(created.value.scheduledFor)).",
                    text: Render.reminders([created.value]), resolve: "vibekeeper sync")
            }
        }

        /// An instant from ISO 8601, or a local `YYYY-MM-DD[ HH:MM]` (09:00 when no time is given).
        static func instant(_ text: String) -> Date? {
            let text = text.trimmingCharacters(in: .whitespaces)
            if let date = WireFormat.parseDate(text) { return date }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone.current
            for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm"] {
                formatter.dateFormat = format
                if let date = formatter.date(from: text) { return date }
            }
            guard let day = LocalDate(parsing: text) else { return nil }
            return day.instant(hour: 9, in: TimeZone.current)
        }
    }

    /// `reminders cancel`: stops a pending reminder but keeps it listed.
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Cancel a pending reminder (it stays listed as cancelled).")
        @Argument(help: "The reminder's ID (or a unique prefix).") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                let record = try await ws.localReminder(id)
                let updated = try await ws.sync.updateReminder(record.value.id, ReminderChanges(status: .cancelled))
                try await ws.show(updated.value, status: updated.syncStatus, done: "Cancelled.", text: Render.reminders([updated.value]), resolve: "vibekeeper sync")
            }
        }
    }

    /// `reminders delete`: removes a reminder.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a reminder.")
        @Argument(help: "The reminder's ID (or a unique prefix).") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                let record = try await ws.localReminder(id)
                let reminderID = record.value.id
                await ws.sync.deleteReminder(reminderID)
                try await ws.reportDeleted(reminderID.uuid, what: "the reminder", done: "Deleted the reminder.") { await ws.sync.current.reminders[reminderID] != nil }
            }
        }
    }
}
