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
            GroceriesCommand.self, RoutineCommand.self, SavedCommand.self, RemindersCommand.self,
        ]
    )
}

/// The `zia` command as the shared CLI support sees it: its session folder, variables
/// (`ZIA_SESSION_FILE`, `ZIA_SERVER`) and wording.
enum CLI: DevelopmentSignInApp {
    static let app = AppID.zia
    static let displayName = "Zia"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true

    /// Zia's SDK on `server` with its session in `store`: what every command talks through.
    static func api(server: URL, store: FileTokenStore) -> ZiaAPIClient {
        ZiaAPIClient(baseURL: server, session: ClientSession(store: store))
    }

    static func apiClient(server: URL, store: FileTokenStore) -> APIClient { api(server: server, store: store).client }
}

/// `--session-file` and `--json`, as every `zia` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>

extension SessionOptions {
    /// The API of the signed-in user; fails with the shared "not signed in" when there is none.
    func api() throws -> ZiaAPIClient {
        let signedIn = try signedIn()
        return CLI.api(server: signedIn.server, store: signedIn.store)
    }

    /// Runs `body` with the signed-in user's API, every failure explained with its exit status.
    func run(_ body: (ZiaAPIClient) async throws -> Void) async throws {
        try await CLI.reporting(server: server) { try await body(try api()) }
    }
}
