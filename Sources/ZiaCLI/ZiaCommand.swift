import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia`: Zia on the command line, over the same `ZiaClient` an app uses.
@main
struct ZiaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zia",
        abstract: "Zia from the command line.",
        discussion: CLI.exitStatusHelp(),
        subcommands: [Login.self, Logout.self]
    )
}

/// The `zia` command as the shared CLI support sees it: its session folder, variables
/// (`ZIA_SESSION_FILE`, `ZIA_SERVER`) and wording.
enum CLI: CommandLineApp {
    static let app = AppID.zia
    static let displayName = "Zia"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true
}

/// `--session-file` and `--json`, as every `zia` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>

extension SessionOptions {
    /// The API of the signed-in user; fails with the shared "not signed in" when there is none.
    func api() throws -> ZiaAPIClient {
        let signedIn = try signedIn()
        return ZiaAPIClient(baseURL: signedIn.server, session: ClientSession(store: signedIn.store))
    }
}

/// `zia login`: development sign-in (development servers only) and the session saved.
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign in (development sign-in) and save the session.")

    @Option(help: "Server URL (default: $ZIA_SERVER or http://127.0.0.1:8080).") var server: String?
    @Option(help: "Your email address.") var email: String
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let url = try CLI.serverURL(server)
        try await CLI.reporting(server: url) {
            let api = ZiaAPIClient(baseURL: url, session: ClientSession(store: FileTokenStore(fileURL: options.sessionURL)))
            let session = try await withProgress("Signing in") { try await api.client.signInForDevelopment(email: email) }
            try SignInReport(session, sessionFile: options.sessionURL).print(json: options.json, server: url, as: email)
        }
    }
}

/// `zia logout`: revokes the session and forgets it.
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
