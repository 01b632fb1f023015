import AppServer
import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Observability

/// The `server` executable: parses configuration (command line → environment → `.env` → defaults)
/// and runs the application built by `AppServer` (or, as `server embed`, prints one embedding).
@main
struct ServerCommand: AsyncParsableCommand {
    static func main() async {
        DeferredMetadataLogHandler.bootstrap()
        await Self.main(nil)
    }

    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Runs the personal-apps API server (every hosted app under its prefix).",
        discussion: serveDiscussion + "\n\nCommand-line options: server serve --help.",
        subcommands: [Serve.self, Embed.self, AICosts.self, Keys.self],
        defaultSubcommand: Serve.self
    )
}

/// The configuration keys, shown by `server --help` and `server serve --help`.
let serveDiscussion = """
    With no options it starts everything on an embedded default: a SQLite file under ./data/, \
    offline AI (no keys needed), port 8080, development mode.

    Configuration keys (command line > environment > .env file > defaults):
    \(keyListing(indent: "  "))
    """

/// The configuration keys as `--help` and `server keys` print them: a heading per group, a line per key.
func keyListing(indent: String) -> String {
    ServerConfiguration.groupedKeys.map { group, keys in
        (["\(group):"] + keys.map { "\(indent)\($0.key.padding(toLength: 36, withPad: " ", startingAt: 0)) \($0.meaning)" }).joined(separator: "\n")
    }.joined(separator: "\n\n")
}

/// Loads configuration in the documented order: command line → environment → `.env` → defaults.
func loadConfiguration(overrides: [String: String], envFile: String) async throws -> ServerConfiguration {
    do {
        return try await ServerConfiguration.load(overrides: overrides, environmentFile: envFile)
    } catch let error as ServerConfiguration.Invalid {
        throw ValidationError(error.description)
    }
}
