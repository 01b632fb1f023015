import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot saved [list] | add <1-3|ID> | remove <ID>`: recommendations kept on this machine for later
/// (the app's "Save"), in a folder next to the session file.
struct SavedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved", abstract: "Recommendations saved on this machine for later.", subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List saved recommendations, most recent first.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            // Kept on this machine: no session needed.
            try await options.run(opening: { $0.savedStore }) { (store: FileSavedRecommendationStore) in
                let items: [SavedRecommendation]
                do { items = try store.all() } catch { throw CLIError("Cannot read \(store.directory.path): \(error.localizedDescription)") }
                try options.show(items) { items in
                    guard !items.isEmpty else { return "Nothing saved yet. Save a pick with `knot saved add <1-3|ID>`." }
                    let prices = PriceFormatter()
                    let lines = items.map { item -> String in
                        let r = item.recommendation
                        return
                            "\(WireFormat.formatDate(item.savedAt).prefix(10))  \(r.id)  \(r.recommendationType.rawValue.capitalized) · \(prices.format(cents: r.priceCents, currency: r.currency))  \(r.title)"
                            + (r.merchantName.map { " at \($0)" } ?? "")
                    }
                    return (lines + ["\(items.count) saved."]).joined(separator: "\n")
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a recommendation (1–3 from the last picks, or its ID).")
        @Argument(help: "1, 2 or 3 (from the last picks) or a recommendation ID.") var recommendation: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let fromBatch = Int(recommendation).flatMap { index -> Recommendation? in
                guard let picks = (try? lastBatch(options))?.recommendations, picks.indices.contains(index - 1) else { return nil }
                return picks[index - 1]
            }
            let id: RecommendationID
            if let fromBatch {
                id = fromBatch.id
            } else if let parsed = RecommendationID(recommendation.trimmingCharacters(in: .whitespaces)) {
                id = parsed
            } else {
                throw CLI.invalidUsage("\(recommendation) is neither 1–3 (after `knot recommend`) nor a recommendation ID.")
            }
            try await options.run { api in
                let item = try await withProgress("Loading the recommendation") { try await api.send(KnotRoutes.recommendation, id) }
                do { try options.savedStore.save(item, at: Date()) } catch { throw CLIError("Cannot save to \(options.savedStore.directory.path): \(error.localizedDescription)") }
                // The app records "saved" too; the local copy stands even when the server cannot be told.
                do {
                    _ = try await api.send(KnotRoutes.recordFeedback, id, body: FeedbackRequest(action: .saved))
                } catch let error as KnotError {
                    printError("\(CLI.command): saved here, but the server was not told (\(CLI.explain(error, server: api.baseURL)))")
                }
                // `--json` prints the saved record as the store keeps it, read back only then.
                if options.json {
                    try printJSON(try options.savedStore.all().first { $0.id == id }, CLI.jsonStyle)
                } else {
                    print("Saved “\(item.title)” (\(item.id)).")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a saved recommendation.")
        @Argument(help: "The recommendation ID.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            guard let recommendationID = RecommendationID(id.trimmingCharacters(in: .whitespaces)) else { throw CLI.invalidUsage("\(id) is not a recommendation ID (a UUID).") }
            try await options.run(opening: { $0.savedStore }) { (store: FileSavedRecommendationStore) in
                guard (try? store.contains(recommendationID)) == true else { throw KnotError.notFound("\(recommendationID) is not saved (see `knot saved`).") }
                do { try store.remove(recommendationID) } catch { throw CLIError("Cannot remove it from \(store.directory.path): \(error.localizedDescription)") }
                // One compact line of JSON, written by hand (`show` would pretty-print it).
                if options.json { print(#"{"removed":"\#(recommendationID)"}"#) } else { print("Removed \(recommendationID) from your saved recommendations.") }
            }
        }
    }
}
