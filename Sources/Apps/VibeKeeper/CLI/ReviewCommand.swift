import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `vibekeeper review [list] | accept ID | discard ID`: captures the extractor was not sure of.
struct ReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review", abstract: "Captures waiting for review: keep (with corrections) or discard them.", subcommands: [List.self, Accept.self, Discard.self],
        defaultSubcommand: List.self)

    /// `review` / `review list`: the captures waiting for the user's decision.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the captures waiting for review.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                var ideas: [GiftIdea]
                do {
                    ideas = try await withProgress("Loading the review queue") { try await ws.reviewQueue() }
                } catch ClientError.offline(let detail) {
                    await ws.offlineNote(detail)
                    ideas = await ws.sync.reviewItems().map(\.value)
                }
                try options.show(ideas) { ideas in
                    guard !ideas.isEmpty else { return "Nothing waits for review." }
                    let rows = ideas.map { idea in
                        [
                            short(idea.id), idea.confidence.map { String(format: "%.2f", $0) } ?? "—", clip(idea.recipientName ?? "—", 20),
                            idea.mediaAssets.map { $0.type == "audio" ? "recording" : "photo" }.joined(separator: ", "), clip(idea.idea, 60),
                        ]
                    }
                    return table(["ID", "SURE", "FOR", "MEDIA", "WORDS"], rows) + "\n"
                        + "\(count(ideas.count, "capture")) waiting. Keep one with `vibekeeper review accept ID [--idea …]`, drop it with `vibekeeper review discard ID`."
                }
            }
        }
    }

    /// `review accept`: keeps a capture, with corrections in the same step.
    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Keep a capture, with corrections (the same fields as `ideas edit`).")
        @Argument(help: "The capture's ID (or a unique prefix).") var id: String
        @OptionGroup var edits: IdeaEditOptions
        @OptionGroup var options: SessionOptions

        func validate() throws { try edits.check(requireSome: false) }

        func run() async throws {
            try await options.run { ws in
                let record = try await ws.localIdea(id)
                guard record.value.needsReview else { throw ClientError.notFound("“\(record.value.idea)” is not waiting for review.") }
                let changes = try await edits.changes(ws)
                let accepted = try await ws.sync.acceptReview(record.value.id, edits: changes)
                try await ws.show(
                    accepted.value, status: accepted.syncStatus, done: "Kept.", text: Render.idea(accepted.value, syncStatus: accepted.syncStatus),
                    resolve: "vibekeeper ideas resolve \(short(accepted.value.id))")
            }
        }
    }

    /// `review discard`: throws a capture away.
    struct Discard: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Throw a capture away (with its photo or recording).")
        @Argument(help: "The capture's ID (or a unique prefix).") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                let record = try await ws.localIdea(id)
                guard record.value.needsReview else { throw ClientError.notFound("“\(record.value.idea)” is not waiting for review.") }
                await ws.sync.discardReview(record.value.id)
                await ws.reportNotices()
                if await ws.sync.outbox.contains(where: { $0.target == record.value.id.uuid }) {
                    try await ws.reportKept()
                } else {
                    ws.say("Discarded “\(record.value.idea)”.")
                }
                if options.json { try printJSON(Deleted(deleted: record.value.id.description), .snakeCase) }
            }
        }
    }
}
