import AppServer
import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Observability

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
