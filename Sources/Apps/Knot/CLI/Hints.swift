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
            try await options.run { api in
                // The contract's rule, as the server checks it: a hint it would refuse is never sent.
                _ = try requireValid(NewHint.check(NewHint.Input(hintText: joined)))
                let hint = try await withProgress("Saving the hint") { try await api.send(KnotRoutes.addHint, body: NewHint(hintText: joined)) }
                try options.show(hint) { "Saved hint \($0.id) (\($0.hintText.count)/\(KnotCatalog.maxHintLength))." }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List hints, newest first.")
        @Option(help: "Hints per page (1–100).") var limit = 20
        @Option(help: "The cursor printed at the end of the previous page.") var cursor: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let page = try await withProgress("Loading hints") { try await api.send(KnotRoutes.hints, query: HintListQuery(page: PageQuery(limit: limit, cursor: cursor))) }
                try options.show(page) { page in
                    guard !page.hints.isEmpty else { return "No hints yet. Add one with `knot hints add \"…\"`." }
                    let lines = page.hints.map { Hints.line($0.id, $0.hintText, $0.createdAt, extra: $0.isUsed ? "[used] " : "") }
                    let footer = "\(page.hints.count) of \(page.total) hints." + (page.nextCursor.map { " Next page: --cursor \($0)" } ?? "")
                    return (lines + [footer]).joined(separator: "\n")
                }
            }
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Find hints by meaning.")
        @Argument(help: "What to look for.") var query: [String]
        @Option(help: "Most results (1–50).") var limit = 10
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let text = query.joined(separator: " ")
            try await options.run { api in
                let result = try await withProgress("Searching") { try await api.send(KnotRoutes.searchHints, query: HintSearchQuery(q: text, limit: limit)) }
                try options.show(result) { result in
                    guard !result.hints.isEmpty else { return "No hints match “\(text)”." }
                    return result.hints.map { Hints.line($0.id, $0.hintText, $0.createdAt, extra: String(format: "%.2f  ", $0.similarity)) }.joined(separator: "\n")
                }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a hint.")
        @Argument(help: "The hint ID.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            guard let hintID = HintID(id.trimmingCharacters(in: .whitespaces)) else { throw CLI.invalidUsage("\(id) is not a hint ID (a UUID).") }
            try await options.run { api in
                _ = try await withProgress("Deleting") { try await api.send(KnotRoutes.deleteHint, hintID) }
                // One compact line of JSON, written by hand (`show` would pretty-print it).
                if options.json { print(#"{"deleted":"\#(hintID)"}"#) } else { print("Deleted hint \(hintID).") }
            }
        }
    }
}
