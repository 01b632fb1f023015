import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `vibekeeper`: VibeKeeper on the command line, over the same `VibeKeeperClient` library (API and
/// offline store) an iOS app uses.
@main
struct VibeKeeperCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vibekeeper",
        abstract: "VibeKeeper from the command line: capture gift ideas anywhere, keep them with the people and occasions they are for.",
        discussion: CLI.exitStatusHelp(doneNote: " (a capture or change saved offline counts)"),
        subcommands: [
            Register.self, Login.self, Logout.self, Capture.self, IdeasCommand.self, ContactsCommand.self, RemindersCommand.self, ReviewCommand.self,
            Search.self, Sync.self,
        ]
    )
}
