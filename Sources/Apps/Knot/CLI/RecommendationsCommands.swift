import ArgumentParser
import CLISupport
import Foundation
import KnotClient

extension RecommendationBatch {
    /// Prints the batch (``SessionOptions/show(_:style:_:)``) and remembers it for `knot refresh` and `knot feedback <n>`.
    func show(_ options: SessionOptions) throws {
        try? FileManager.default.createDirectory(at: options.lastBatchURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? WireFormat.encoder().encode(self).write(to: options.lastBatchURL)
        try options.show(self) { batch in
            var lines = [renderRecommendations(batch.recommendations)]
            if let warning = batch.warning { lines.append("\nNote: \(warning)") }
            lines.append(
                "\nNot quite right? `knot refresh --reason <\(RejectionReason.allCases.map(\.rawValue).joined(separator: "|"))>`. Picked one? `knot feedback <1-3> --action selected`."
            )
            return lines.joined(separator: "\n")
        }
    }
}

func lastBatch(_ options: SessionOptions) throws -> RecommendationBatch {
    guard let data = try? Data(contentsOf: options.lastBatchURL), let batch = try? WireFormat.decoder().decode(RecommendationBatch.self, from: data) else {
        throw CLIError("No recommendations yet. Run `knot recommend` first.")
    }
    return batch
}

/// `knot recommend [--occasion …] [--milestone ID] [--vibe …]`.
struct Recommend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Get three picks (gift, experience or date).")

    @Option(help: "just_because, minor_occasion or major_milestone (default: the milestone's tier, else just_because).")
    var occasion: String?

    @Option(help: "Recommend for this milestone (ID from `knot vault show`).")
    var milestone: String?

    @Option(help: "Use this vibe instead of the vault's, for this request only (repeat up to 4 times).")
    var vibe: [String] = []

    @OptionGroup var options: SessionOptions

    func run() async throws {
        var occasionType: OccasionType?
        if let occasion {
            guard let parsed = OccasionType(rawValue: occasion) else {
                throw CLI.invalidUsage("--occasion must be one of: \(OccasionType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            occasionType = parsed
        }
        let milestoneID = try milestone.map { raw -> MilestoneID in
            guard let id = MilestoneID(raw.trimmingCharacters(in: .whitespaces)) else { throw CLI.invalidUsage("--milestone must be a milestone ID (a UUID).") }
            return id
        }
        let vibes = try parseVibes(vibe)
        try await options.run { api in
            var chosen = occasionType
            if chosen == nil, let milestoneID {
                let vault = try await api.send(KnotRoutes.vault)
                guard let found = vault.milestones.first(where: { $0.id == milestoneID }) else { throw KnotError.notFound("No milestone \(milestoneID) in your vault.") }
                chosen = found.budgetTier
            }
            let resolved = chosen ?? .justBecause
            let batch = try await withProgress("Finding three picks") { try await api.generateRecommendations(occasion: resolved, milestoneId: milestoneID, vibeOverride: vibes) }
            try batch.show(options)
        }
    }
}

func parseVibes(_ raw: [String]) throws -> [Vibe]? {
    guard !raw.isEmpty else { return nil }
    let vibes = try raw.map { text -> Vibe in
        guard let vibe = Vibe(rawValue: text) else { throw CLI.invalidUsage("--vibe must be one of: \(Vibe.allCases.map(\.rawValue).joined(separator: ", "))") }
        return vibe
    }
    guard vibes.count <= 4 else { throw CLI.invalidUsage("Give at most 4 vibes.") }
    return vibes
}

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
                try await api.refreshRecommendations(rejected: previous.recommendations.map(\.id), reason: why, vibeOverride: vibes)
            }
            try batch.show(options)
        }
    }
}

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
            let record = try await withProgress("Recording") { try await api.recordFeedback(id, action: kind, rating: rating, text: text) }
            try options.show(record) { "Recorded “\($0.action.rawValue)” for \($0.recommendationId)." }
        }
    }
}

/// `knot open <link>`: what a recommendation link (universal link or `knot://`) opens, as the app's
/// deep-link handler reads it.
struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the recommendation a link points to (https://…/knot/recommendation/<id> or knot://recommendation/<id>).")
    @Argument(help: "The link.") var link: String
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let route: KnotDeepLink
        switch KnotDeepLink.parse(link) {
        case .success(let parsed): route = parsed
        case .failure(let error): throw CLI.invalidUsage(error.description)
        }
        try await options.run { api in
            switch route {
            case .recommendation(let id):
                let item: Recommendation
                do {
                    item = try await withProgress("Loading the recommendation") { try await api.send(KnotRoutes.recommendation, id) }
                } catch KnotError.notFound {
                    throw KnotError.notFound("no recommendation \(id) for this account (it was deleted, or the link is someone else's).")
                }
                try options.show(item) { describeRecommendation($0) }
            case .milestoneRecommendations(let id):
                let result = try await withProgress("Loading the milestone's picks") { try await api.send(KnotRoutes.milestoneRecommendations, id) }
                try options.show(result) { renderRecommendations($0.recommendations) }
            }
        }
    }
}
