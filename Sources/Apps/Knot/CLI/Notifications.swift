import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot notifications [upcoming|history|viewed ID]`.
struct Notifications: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Milestone reminders: upcoming ones and the history.",
        subcommands: [Upcoming.self, History.self, Viewed.self], defaultSubcommand: Upcoming.self
    )

    struct Upcoming: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Reminders not sent yet.")
        /// When a reminder goes out, in this machine's time zone (named, so UTC is not mistaken for local).
        static var localTime: DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm zzz"
            return formatter
        }
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let result = try await withProgress("Loading reminders") { try await notificationsRoute { try await api.send(KnotRoutes.upcomingNotifications) } }
                try options.show(result) { result in
                    guard !result.notifications.isEmpty else { return "No reminders scheduled." }
                    return result.notifications.map { item in
                        "\(Self.localTime.string(from: item.scheduledFor))  \(item.milestoneName) (\(item.milestoneDate)) — \(NotificationsViewModel.daysBeforeLabel(item.daysBefore))"
                    }.joined(separator: "\n")
                }
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Sent reminders, newest first.")
        @Option(help: "Reminders per page.") var limit = 50
        @Option(help: "How many to skip.") var offset = 0
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let page = try await withProgress("Loading history") {
                    try await notificationsRoute { try await api.send(KnotRoutes.notificationHistory, query: NotificationHistoryQuery(limit: limit, offset: offset)) }
                }
                try options.show(page) { page in
                    guard !page.notifications.isEmpty else { return "No reminders sent yet." }
                    let lines = page.notifications.map { item -> String in
                        let mark = item.isViewed ? " " : "•"
                        let when = (item.sentAt ?? item.createdAt)
                        return
                            "\(mark) \(WireFormat.formatDate(when).prefix(10))  \(item.milestoneName) — \(NotificationsViewModel.daysBeforeLabel(item.daysBefore)), \(item.status), \(item.recommendationsCount) picks  \(item.id)"
                    }
                    return (lines + ["\(page.notifications.count) of \(page.total); • = not viewed."]).joined(separator: "\n")
                }
            }
        }
    }

    struct Viewed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a reminder as viewed.")
        @Argument(help: "The reminder ID.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            guard let notificationID = NotificationID(id.trimmingCharacters(in: .whitespaces)) else { throw CLI.invalidUsage("\(id) is not a reminder ID (a UUID).") }
            try await options.run { api in
                try options.show(try await api.send(KnotRoutes.markNotificationViewed, notificationID)) { "Viewed at \(WireFormat.formatDate($0.viewedAt))." }
            }
        }
    }
}

/// Runs a notifications request, explaining a server that has no notification routes at all.
func notificationsRoute<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch KnotError.notFound(let message) where message.hasPrefix("No route") {
        throw CLIError("this server does not offer notifications yet (\(message))")
    }
}
