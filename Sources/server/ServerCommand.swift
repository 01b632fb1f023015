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

/// `server keys [--markdown]`: every configuration key the server reads, from their declarations
/// (docs/configuration.md's table is this command's Markdown output).
struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every configuration key (platform and hosted apps).")

    @Flag(name: .long, help: "Print the configuration table of docs/configuration.md.")
    var markdown = false

    func run() {
        if markdown {
            print(ServerConfiguration.markdownTable)
        } else {
            print(keyListing(indent: "  "))
        }
    }
}

/// Loads configuration in the documented order: command line → environment → `.env` → defaults.
func loadConfiguration(overrides: [String: String], envFile: String) async throws -> ServerConfiguration {
    do {
        return try await ServerConfiguration.load(overrides: overrides, environmentFile: envFile)
    } catch let error as ServerConfiguration.Invalid {
        throw ValidationError(error.description)
    }
}

/// `server embed "text"`: prints the configured embedder's vector for a text, for operators checking
/// which model is live and what it produces.
struct Embed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the embedding of a text as JSON, with the model that made it.")

    @Argument(help: "The text to embed.")
    var text: String

    @Option(name: .long, help: "auto, minilm or hashing (EMBEDDER).")
    var embedder: String?

    @Option(name: .long, help: "Folder with model.safetensors and vocab.txt (MINILM_MODEL_DIR).")
    var modelDir: String?

    @Option(name: .long, help: "Path of the .env file to read.")
    var envFile: String = ".env"

    func run() async throws {
        var overrides: [String: String] = ["LOG_LEVEL": "warning"]
        overrides[ServerConfiguration.Key.embedder.name] = embedder
        overrides[ServerConfiguration.Key.miniLMDirectory.name] = modelDir
        let configuration = try await loadConfiguration(overrides: overrides, envFile: envFile)
        var logger = Logger(label: "embed")
        logger.logLevel = .warning
        let model = try await makeEmbedder(configuration, logger: logger)
        let vector = try await model.embed(text)
        struct Output: Encodable {
            let model: String
            let semantic: Bool
            let dimensions: Int
            let embedding: [Float]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(Output(model: model.model, semantic: model.isSemantic, dimensions: vector.count, embedding: vector)), as: UTF8.self))
    }
}

/// `server ai-costs --app knot`: what an app's model calls cost per day (from `run_metrics`).
struct AICosts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ai-costs", abstract: "Print an app's model spend per day as JSON.")

    @Option(name: .long, help: "The app (one of the hosted apps, e.g. knot).")
    var app: String

    @Option(name: .long, help: "How many days, newest first.")
    var days: Int = 30

    @Option(name: .long, help: "postgres:// URL (DATABASE_URL); omit for the SQLite file.")
    var databaseURL: String?

    @Option(name: .long, help: "Folder of the SQLite file (DATA_DIR).")
    var dataDir: String?

    @Option(name: .long, help: "Path of the .env file to read.")
    var envFile: String = ".env"

    func run() async throws {
        var overrides: [String: String] = ["LOG_LEVEL": "warning"]
        overrides[ServerConfiguration.Key.databaseURL.name] = databaseURL
        overrides[ServerConfiguration.Key.dataDirectory.name] = dataDir
        let configuration = try await loadConfiguration(overrides: overrides, envFile: envFile)
        let costs = try await dailyCosts(configuration: configuration, app: app, days: days)
        struct Row: Encodable {
            let day: String
            let calls: Int
            let input_tokens: Int
            let output_tokens: Int
            let cost_usd: Double
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let rows = costs.map { Row(day: $0.day, calls: $0.calls, input_tokens: $0.inputTokens, output_tokens: $0.outputTokens, cost_usd: $0.costUSD) }
        print(String(decoding: try encoder.encode(rows), as: UTF8.self))
    }
}

/// Runs the server (the default subcommand).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the API server (the default).",
        discussion: serveDiscussion
    )

    @Option(name: .long, help: "Interface to listen on (HOST).")
    var host: String?

    @Option(name: .shortAndLong, help: "Port to listen on (PORT).")
    var port: Int?

    @Option(name: .long, help: "postgres:// URL; omit for the embedded SQLite file (DATABASE_URL).")
    var databaseURL: String?

    @Option(name: .long, help: "Folder for the SQLite file and development keys (DATA_DIR).")
    var dataDir: String?

    @Option(name: .long, help: "development or production (APP_ENV).")
    var env: String?

    @Option(name: .long, help: "Comma-separated apps to host (APPS).")
    var apps: String?

    @Option(name: .long, help: "Log level (LOG_LEVEL).")
    var logLevel: String?

    @Option(name: .long, help: "Path of the .env file to read (default ./.env when present).")
    var envFile: String = ".env"

    func run() async throws {
        var overrides: [String: String] = [:]
        overrides[ServerConfiguration.Key.host.name] = host
        overrides[ServerConfiguration.Key.port.name] = port.map(String.init)
        overrides[ServerConfiguration.Key.databaseURL.name] = databaseURL
        overrides[ServerConfiguration.Key.dataDirectory.name] = dataDir
        overrides[ServerConfiguration.Key.environment.name] = env
        overrides[ServerConfiguration.Key.apps.name] = apps
        overrides[ServerConfiguration.Key.logLevel.name] = logLevel
        let configuration = try await loadConfiguration(overrides: overrides, envFile: envFile)
        let app = try await buildApplication(configuration: configuration)
        var logger = Logger(label: "server")
        logger.logLevel = configuration.logLevel
        try await BoundedShutdown.run(app, timeout: .seconds(configuration.shutdownTimeoutSeconds), logger: logger)
    }
}
