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
        subcommands: [DevelopmentLogin<CLI>.self, Logout<CLI>.self, MeCommand.self, TierCommand.self]
    )
}

/// The `farelens` command as the shared CLI support sees it: its session folder, variables
/// (`FARELENS_SESSION_FILE`, `FARELENS_SERVER`) and wording.
enum CLI: DevelopmentSignInApp {
    static let app = AppID.farelens
    static let displayName = "FareLens"
    static let jsonHelp = "Print JSON in the API's shape instead of text."
    static let loginNeedsEmail = true

    /// The app's SDK on `server` with its session in `store`: what every command talks through.
    static func api(server: URL, store: FileTokenStore) -> FareLensAPIClient {
        FareLensAPIClient(baseURL: server, session: ClientSession(store: store))
    }

    static func apiClient(server: URL, store: FileTokenStore) -> APIClient { api(server: server, store: store).client }
}

/// `--session-file` and `--json`, as every `farelens` command takes them.
typealias SessionOptions = CLISupport.SessionOptions<CLI>

extension SessionOptions {
    /// The API of the signed-in user; fails with the shared "not signed in" when there is none.
    func api() throws -> FareLensAPIClient {
        let signedIn = try signedIn()
        return CLI.api(server: signedIn.server, store: signedIn.store)
    }

    /// Runs `body` with the signed-in user's API, every failure explained with its exit status.
    func run(_ body: (FareLensAPIClient) async throws -> Void) async throws {
        try await CLI.reporting(server: server) { try await body(try api()) }
    }
}
