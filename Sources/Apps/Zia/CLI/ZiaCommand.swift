import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia`: Zia on the command line, over the same `ZiaClient` an app uses.
@main
struct ZiaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zia",
        abstract: "Zia from the command line: your household, the assistant, pantry, groceries, routines, saved plans and reminders.",
        discussion: CLI.exitStatusHelp()
            + " `zia ask` also exits \(AskOutcome.refusedExitCode) when the assistant refuses and \(AskOutcome.quotaExitCode) when the assistant quota is used up.",
        subcommands: [
            DevelopmentLogin<CLI>.self, Logout<CLI>.self, HouseholdCommand.self, Ask.self, ConversationsCommand.self, PantryCommand.self,
            GroceriesCommand.self, RoutineCommand.self, SavedCommand.self, PlanCommand.self, RemindersCommand.self,
        ]
    )
}

/// `--session-file` and `--json`, as every `zia` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>
