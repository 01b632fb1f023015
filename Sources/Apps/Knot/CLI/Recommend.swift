import ArgumentParser
import CLISupport
import Foundation
import KnotClient

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
            let batch = try await withProgress("Finding three picks") {
                try await api.send(KnotRoutes.generateRecommendations, body: GenerateRecommendationsRequest(occasionType: resolved, milestoneId: milestoneID, vibeOverride: vibes))
            }
            try batch.show(options)
        }
    }
}
