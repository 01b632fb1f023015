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

/// The `zia` command as the shared CLI support sees it: its session folder, variables
/// (`ZIA_SESSION_FILE`, `ZIA_SERVER`) and wording.
enum CLI: SDKCommandLineApp {
    static let app = AppID.zia
    static let displayName = "Zia"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true

    /// Zia's SDK on `server` with its session in `store`: what every command talks through.
    static func api(server: URL, store: FileTokenStore) -> ZiaAPIClient {
        ZiaAPIClient(baseURL: server, session: ClientSession(store: store), transport: CommandLineTransport.make())
    }
}

/// `--session-file` and `--json`, as every `zia` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>
