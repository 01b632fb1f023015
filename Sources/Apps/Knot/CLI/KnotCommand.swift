import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot`: the Knot app on the command line, over the same `KnotClient` library an iOS app uses.
@main
struct KnotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "knot",
        abstract: "Knot from the command line: partner vault, hints, recommendations, reminders.",
        discussion: CLI.exitStatusHelp(),
        subcommands: [
            DevelopmentLogin<CLI>.self, Logout<CLI>.self, VaultCommand.self, Hints.self, Recommend.self, Refresh.self, Feedback.self, SavedCommand.self, Open.self,
            Notifications.self, Preferences.self, Export.self, DeleteAccount.self,
        ]
    )
}
