import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot hints add|list|search|delete`.
struct Hints: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Capture and manage hints.", subcommands: [Add.self, List.self, Search.self, Delete.self])

    static func line(_ id: HintID, _ text: String, _ date: Date, extra: String = "") -> String {
        "\(WireFormat.formatDate(date).prefix(10))  \(id)  \(extra)\(text)"
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a hint (1–500 characters).")
        @Argument(help: "The hint text.") var text: [String]
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let joined = text.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            guard NewHint.check(NewHint.Input(hintText: joined)).value != nil else {
                throw CLI.invalidUsage("A hint must be 1 to \(KnotCatalog.maxHintLength) characters (this one has \(joined.count)).")
            }
            let api = try await CLI.reporting { try options.api() }
            let hint = try await CLI.reporting(server: api.baseURL) { try await withProgress("Saving the hint") { try await api.addHint(joined) } }
            if options.json { try printJSON(hint, .snakeCase) } else { print("Saved hint \(hint.id) (\(hint.hintText.count)/\(KnotCatalog.maxHintLength)).") }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List hints, newest first.")
        @Option(help: "Hints per page (1–100).") var limit = 20
        @Option(help: "The cursor printed at the end of the previous page.") var cursor: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let api = try await CLI.reporting { try options.api() }
            let page = try await CLI.reporting(server: api.baseURL) { try await withProgress("Loading hints") { try await api.hints(limit: limit, cursor: cursor) } }
            if options.json { try printJSON(page, .snakeCase); return }
            if page.hints.isEmpty { print("No hints yet. Add one with `knot hints add \"…\"`."); return }
            for hint in page.hints { print(Hints.line(hint.id, hint.hintText, hint.createdAt, extra: hint.isUsed ? "[used] " : "")) }
            print("\(page.hints.count) of \(page.total) hints." + (page.nextCursor.map { " Next page: --cursor \($0)" } ?? ""))
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Find hints by meaning.")
        @Argument(help: "What to look for.") var query: [String]
        @Option(help: "Most results (1–50).") var limit = 10
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let api = try await CLI.reporting { try options.api() }
            let text = query.joined(separator: " ")
            let result = try await CLI.reporting(server: api.baseURL) { try await withProgress("Searching") { try await api.searchHints(text, limit: limit) } }
            if options.json { try printJSON(result, .snakeCase); return }
            if result.hints.isEmpty { print("No hints match “\(text)”."); return }
            for hint in result.hints { print(Hints.line(hint.id, hint.hintText, hint.createdAt, extra: String(format: "%.2f  ", hint.similarity))) }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a hint.")
        @Argument(help: "The hint ID.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            guard let hintID = HintID(id.trimmingCharacters(in: .whitespaces)) else { throw CLI.invalidUsage("\(id) is not a hint ID (a UUID).") }
            let api = try await CLI.reporting { try options.api() }
            try await CLI.reporting(server: api.baseURL) { try await withProgress("Deleting") { try await api.send(KnotRoutes.deleteHint, hintID) } }
            if options.json { print(#"{"deleted":"\#(hintID)"}"#) } else { print("Deleted hint \(hintID).") }
        }
    }
}
