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
        subcommands: [Login.self, Logout.self, ItemsCommand.self]
    )
}

/// The `example` command as the shared CLI support sees it: its session folder, variables
/// (`EXAMPLE_SESSION_FILE`, `EXAMPLE_SERVER`) and wording.
enum CLI: CommandLineApp {
    static let app = AppID.example
    static let displayName = "Example"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true
}

/// `--session-file` and `--json`, as every `example` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>

extension SessionOptions {
    /// The API of the signed-in user; fails with the shared "not signed in" when there is none.
    func api() throws -> ExampleAPIClient {
        let signedIn = try signedIn()
        return ExampleAPIClient(baseURL: signedIn.server, session: ClientSession(store: signedIn.store))
    }
}

/// `example login`: development sign-in (development servers only) and the session saved.
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign in (development sign-in) and save the session.")

    @Option(help: "Server URL (default: $EXAMPLE_SERVER or http://127.0.0.1:8080).") var server: String?
    @Option(help: "Your email address.") var email: String
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let url = try CLI.serverURL(server)
        try await CLI.reporting(server: url) {
            let api = ExampleAPIClient(baseURL: url, session: ClientSession(store: FileTokenStore(fileURL: options.sessionURL)))
            let session = try await withProgress("Signing in") { try await api.client.signInForDevelopment(email: email) }
            try SignInReport(session, sessionFile: options.sessionURL).print(json: options.json, server: url, as: email)
        }
    }
}

/// `example logout`: revokes the session and forgets it.
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign out and forget the session.")
    @OptionGroup var options: SessionOptions

    func run() async throws {
        try await CLI.reporting(server: options.server) {
            try await options.api().client.signOut()
            print("Signed out.")
        }
    }
}
