import AppServer
import ArgumentParser
import Foundation
import Hummingbird

/// The `server` executable: parses configuration (command line → environment → `.env` → defaults)
/// and runs the application built by `AppServer`. Nothing else lives here.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Runs the Knot, VibeKeeper, Zia and FareLens API server.",
        discussion: """
            With no options it starts everything on an embedded default: a SQLite file under ./data/, \
            offline AI (no keys needed), port 8080, development mode.

            Configuration keys (command line > environment > .env file > defaults):
            \(ServerConfiguration.keys.map { "  \($0.key.padding(toLength: 28, withPad: " ", startingAt: 0)) \($0.meaning)" }.joined(separator: "\n"))
            """
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
        overrides["HOST"] = host
        overrides["PORT"] = port.map(String.init)
        overrides["DATABASE_URL"] = databaseURL
        overrides["DATA_DIR"] = dataDir
        overrides["APP_ENV"] = env
        overrides["APPS"] = apps
        overrides["LOG_LEVEL"] = logLevel
        let dotEnv = try? String(contentsOfFile: envFile, encoding: .utf8)
        let configuration: ServerConfiguration
        do {
            configuration = try ServerConfiguration.load(overrides: overrides, dotEnv: dotEnv)
        } catch let error as ServerConfiguration.Invalid {
            throw ValidationError(error.description)
        }
        let app = try await buildApplication(configuration: configuration)
        try await app.runService()
    }
}
