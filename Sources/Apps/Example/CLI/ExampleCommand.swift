import ArgumentParser
import CLISupport
import ExampleClient
import Foundation

/// `example`: Example on the command line, over the same `ExampleClient` an app uses.
@main
struct ExampleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "example",
        abstract: "Example from the command line.",
        discussion: CLI.exitStatusHelp(),
        subcommands: [DevelopmentLogin<CLI>.self, Logout<CLI>.self, ItemsCommand.self]
    )
}

/// The `example` command as the shared CLI support sees it: its session folder, variables
/// (`EXAMPLE_SESSION_FILE`, `EXAMPLE_SERVER`) and wording.
enum CLI: SDKCommandLineApp {
    static let app = AppID.example
    static let displayName = "Example"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true

    /// The app's SDK on `server` with its session in `store`: what every command talks through.
    static func api(server: URL, store: FileTokenStore) -> ExampleAPIClient {
        ExampleAPIClient(baseURL: server, session: ClientSession(store: store), transport: CommandLineTransport.make())
    }
}

/// `--session-file` and `--json`, as every `example` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>
