import AppServer
import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Observability

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
