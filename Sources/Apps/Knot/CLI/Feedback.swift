import ArgumentParser
import CLISupport
import Foundation
import KnotClient

/// `knot feedback <n|ID> --action …`.
struct Feedback: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Tell Knot what you did with a pick.")

    @Argument(help: "1, 2 or 3 (from the last picks) or a recommendation ID.")
    var recommendation: String

    @Option(help: "selected, saved, shared, handoff, purchased or rated.")
    var action: String

    @Option(help: "1–5, required with --action rated.")
    var rating: Int?

    @Option(help: "A comment.")
    var text: String?

    @OptionGroup var options: SessionOptions

    func run() async throws {
        guard let kind = FeedbackAction(rawValue: action) else {
            throw CLI.invalidUsage("--action must be one of: \(FeedbackAction.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if kind == .rated, rating == nil { throw CLI.invalidUsage("--rating 1–5 is required with --action rated.") }
        try await options.run { api in
            let id: RecommendationID
            if let index = Int(recommendation) {
                let batch = try lastBatch(options)
                guard batch.recommendations.indices.contains(index - 1) else { throw CLIError("Pick 1 to \(batch.recommendations.count).") }
                id = batch.recommendations[index - 1].id
            } else if let parsed = RecommendationID(recommendation.trimmingCharacters(in: .whitespaces)) {
                id = parsed
            } else {
                throw CLIError("\(recommendation) is neither 1–3 nor a recommendation ID.")
            }
            let record = try await withProgress("Recording") {
                try await api.send(KnotRoutes.recordFeedback, id, body: FeedbackRequest(action: kind, rating: rating, feedbackText: text))
            }
            try options.show(record) { "Recorded “\($0.action.rawValue)” for \($0.recommendationId)." }
        }
    }
}
