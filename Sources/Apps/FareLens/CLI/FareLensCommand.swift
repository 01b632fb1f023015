import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

/// `farelens`: FareLens on the command line, over the same `FareLensClient` an app uses.
@main
struct FareLensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "farelens",
        abstract: "FareLens from the command line.",
        discussion: CLI.exitStatusHelp(),
        subcommands: [
            DevelopmentLogin<CLI>.self, Logout<CLI>.self, SearchCommand.self, AirportsCommand.self, DealsCommand.self, DealCommand.self, BookCommand.self,
            SavedCommand.self, WatchCommand.self, AlertsCommand.self, PointsCommand.self, TierCommand.self, MeCommand.self,
        ]
    )
}

/// The `farelens` command as the shared CLI support sees it: its session folder, variables
/// (`FARELENS_SESSION_FILE`, `FARELENS_SERVER`) and wording.
enum CLI: SDKCommandLineApp {
    static let app = AppID.farelens
    static let displayName = "FareLens"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true

    /// The app's SDK on `server` with its session in `store`: what every command talks through.
    static func api(server: URL, store: FileTokenStore) -> FareLensAPIClient {
        FareLensAPIClient(baseURL: server, session: ClientSession(store: store), transport: CommandLineTransport.make(timeout: URLSessionTransport.fareLensTimeout))
    }
}

/// `--session-file` and `--json`, as every `farelens` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>
