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

func parseVibes(_ raw: [String]) throws -> [Vibe]? {
    guard !raw.isEmpty else { return nil }
    let vibes = try raw.map { text -> Vibe in
        guard let vibe = Vibe(rawValue: text) else { throw CLI.invalidUsage("--vibe must be one of: \(Vibe.allCases.map(\.rawValue).joined(separator: ", "))") }
        return vibe
    }
    guard vibes.count <= 4 else { throw CLI.invalidUsage("Give at most 4 vibes.") }
    return vibes
}
