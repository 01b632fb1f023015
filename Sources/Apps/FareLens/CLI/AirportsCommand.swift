import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

/// `farelens airports new york`: airport autocomplete, the labels a search field shows.
struct AirportsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "airports", abstract: "Find airport codes by city, name or code.")
    @Argument(help: "What to look for (\"new york\", \"heathrow\", \"LAX\").") var words: [String]
    @Option(parsing: .unconditional, help: "The most suggestions (1–50, default 10).") var limit: String?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        try await options.run { api in
            let query = AirportQuery(text: words.joined(separator: " "), limit: try Rendering.number(limit, field: "limit") ?? AirportQuery.defaultLimit)
            try options.show(try await api.send(FareLensRoutes.airports, query: query)) { found in
                found.isEmpty
                    ? "No airport matches \"\(words.joined(separator: " "))\"."
                    : table(["CODE", "LABEL", "NAME", "COUNTRY"], found.map { [$0.iata, $0.label, $0.name, $0.country] })
            }
        }
    }
}
