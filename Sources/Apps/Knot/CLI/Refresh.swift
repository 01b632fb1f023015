import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot refresh --reason …`: replaces the last three picks.
struct Refresh: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Replace the last three picks, saying why.")

    @Option(help: "too_expensive, too_cheap, not_their_style, already_have_similar or show_different.")
    var reason: String

    @Option(help: "Use this vibe instead of the vault's, for this request only (repeatable).")
    var vibe: [String] = []

    @OptionGroup var options: SessionOptions

    func run() async throws {
        guard let why = RejectionReason(rawValue: reason) else {
            throw CLI.invalidUsage("--reason must be one of: \(RejectionReason.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let vibes = try parseVibes(vibe)
        try await options.run { api in
            let previous = try lastBatch(options)
            let batch = try await withProgress("Finding three different picks") {
                try await api.send(
                    KnotRoutes.refreshRecommendations,
                    body: RefreshRecommendationsRequest(rejectedRecommendationIds: previous.recommendations.map(\.id), rejectionReason: why, vibeOverride: vibes))
            }
            try batch.show(options)
        }
    }
}
