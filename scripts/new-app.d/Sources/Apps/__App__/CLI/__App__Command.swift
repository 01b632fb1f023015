import ArgumentParser
import CLISupport
import Foundation
import __App__Client

/// `__app__`: __App__ on the command line, over the same `__App__Client` an app uses.
@main
struct __App__Command: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "__app__",
        abstract: "__App__ from the command line.",
        discussion: CLI.exitStatusHelp(),
        subcommands: [DevelopmentLogin<CLI>.self, Logout<CLI>.self, ItemsCommand.self]
    )
}

/// The `__app__` command as the shared CLI support sees it: its session folder, variables
/// (`__APP___SESSION_FILE`, `__APP___SERVER`) and wording.
enum CLI: SDKCommandLineApp {
    static let app = AppID.__app__
    static let displayName = "__App__"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true

    /// The app's SDK on `server` with its session in `store`: what every command talks through.
    static func api(server: URL, store: FileTokenStore) -> __App__APIClient {
        __App__APIClient(baseURL: server, session: ClientSession(store: store), transport: CommandLineTransport.make())
    }
}

/// `--session-file` and `--json`, as every `__app__` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>
