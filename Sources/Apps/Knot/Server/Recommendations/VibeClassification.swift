import AIProviders
import Foundation
import Logging

/// Classifies candidates into the 8 vibes through the ``ModelRouter`` (purpose
/// `knot.vibe_classification`; docs/knot.md, "How Knot picks"): one batched call per
/// recommendation run listing every filtered candidate by number, answered with
/// `{"items": [{"index": 1, "vibes": [...]}, …]}`. An item the answer leaves out or gets wrong — and
/// any failure — leaves that candidate to the keyword rules, so classification can make scores better
/// but never makes a run fail. With no model chain configured for the purpose the router would answer
/// from the offline ``KnotVibeClassifier`` — the same rules — so the rules are applied in-process
/// instead, sparing a recorded model call.
public struct VibeClassification: Sendable {
    let router: ModelRouter?
    let logger: Logger

    public init(router: ModelRouter?, logger: Logger = Logger(label: "knot.vibes")) {
        self.router = router
        self.logger = logger
    }

    static let system = """
        Classify each numbered gift or experience the user lists into the aesthetic vibes it fits, from exactly these:
        \(Vibe.allCases.map(\.rawValue).joined(separator: ", ")). Answer with one JSON object and nothing else:
        {"items": [{"index": <number>, "vibes": [names]}, ...]} with one entry per item; [] when none fits.
        """

    /// Whether a configured model (not the offline rules) would answer.
    var usesModel: Bool {
        guard let router else { return false }
        return !router.isOffline(KnotVibeClassifier.purpose)
    }

    /// The user message: one line per candidate, `N. title. description`, numbered from 1.
    static func listing(_ candidates: [Candidate]) -> String {
        candidates.enumerated().map { index, candidate in
            "\(index + 1). " + (candidate.title + ". " + candidate.description).replacingOccurrences(of: "\n", with: " ")
        }.joined(separator: "\n")
    }

    /// `candidates` with ``Candidate/classifiedVibes`` set where the model answered properly.
    public func classify(_ candidates: [Candidate]) async -> [Candidate] {
        guard usesModel, let router, !candidates.isEmpty else { return candidates }
        let request = CompletionRequest(
            system: Self.system, messages: [ChatMessage(.user, Self.listing(candidates))], temperature: 0, maxTokens: 60 + 40 * candidates.count, jsonObject: true)
        let answers: [Int: [Vibe]]
        do {
            let answer = try await router.complete(request, purpose: KnotVibeClassifier.purpose, app: "knot")
            answers = try Self.parseItems(answer.completion.text, count: candidates.count)
        } catch {
            logger.notice("vibe classification fell back to rules", metadata: ["candidates": "\(candidates.count)", "error": "\(error)"])
            return candidates
        }
        return candidates.enumerated().map { index, original in
            var candidate = original
            if let vibes = answers[index + 1] { candidate.classifiedVibes = vibes }
            return candidate
        }
    }

    struct Items: Decodable {
        struct Item: Decodable {
            var index: Int
            var vibes: [String]
        }
        var items: [Item]
    }

    /// `{"items": [{"index": n, "vibes": [...]}]}` (optionally in a ``` fence) → vibes by index
    /// (1-based); entries with an index out of range or an unknown vibe are left out.
    static func parseItems(_ text: String, count: Int) throws -> [Int: [Vibe]] {
        guard let answer = try? JSONDecoder().decode(Items.self, from: Data(unfenced(text).utf8)) else {
            throw Malformed(description: "not {\"items\": [...]}: \(text.prefix(200))")
        }
        var result: [Int: [Vibe]] = [:]
        for item in answer.items where (1...max(1, count)).contains(item.index) {
            let vibes = item.vibes.compactMap { Vibe(rawValue: $0.lowercased()) }
            if vibes.count == item.vibes.count { result[item.index] = vibes }
        }
        return result
    }

    static func unfenced(_ text: String) -> String { ModelOutput.unfenced(text) }

    struct Answer: Decodable {
        var vibes: [String]
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// `{"vibes": ["romantic", …]}` (optionally in a ``` fence) → vibes; unknown names are malformed.
    static func parse(_ text: String) throws -> [Vibe] {
        let body = unfenced(text)
        guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(body.utf8)) else { throw Malformed(description: "not {\"vibes\": [...]}: \(text.prefix(200))") }
        return try answer.vibes.map { name in
            guard let vibe = Vibe(rawValue: name.lowercased()) else { throw Malformed(description: "unknown vibe \(name)") }
            return vibe
        }
    }
}
