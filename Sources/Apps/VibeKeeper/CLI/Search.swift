import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `vibekeeper search WORDS`: the server's search across ideas and contacts (by meaning and words);
/// offline, the device's copy by words.
struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Search your gift ideas and contacts.")
    @Argument(help: "What to look for.") var words: [String]
    @Option(help: "At most this many results (1–50).") var limit: Int?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw CLI.invalidUsage("nothing to search for.") }
        try await options.run { ws in
            let results: SearchResults
            do {
                results = try await withProgress("Searching") {
                    try await ws.api.send(VibeKeeperRoutes.search, query: IdeaSearchQuery(text: text, limit: limit ?? IdeaSearchQuery.defaultLimit))
                }
            } catch ClientError.offline(let detail) {
                await ws.offlineNote(detail)
                results = SearchResults(query: text, results: await ws.sync.searchLocally(text), embedder: "device")
            }
            try options.show(results) { results in
                guard !results.results.isEmpty else { return "Nothing matches “\(text)”." }
                return results.results.compactMap { hit -> String? in
                    let score = String(format: "%.2f", hit.score)
                    if let idea = hit.giftIdea {
                        let details = [idea.recipientName.map { "for \($0)" }, idea.occasion, idea.date?.description, Render.budget(idea)].compactMap { $0 }
                        return "\(score)  idea     \(short(idea.id))  \(idea.idea)" + (details.isEmpty ? "" : " — " + details.joined(separator: ", "))
                    } else if let contact = hit.contact {
                        return "\(score)  contact  \(short(contact.id))  \(Render.contactLine(contact))"
                    }
                    return nil
                }.joined(separator: "\n")
            }
        }
    }
}
