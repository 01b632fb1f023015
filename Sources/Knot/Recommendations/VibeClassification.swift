import AIProviders
import Foundation
import Logging

/// Classifies candidates into the 8 vibes through the ``ModelRouter`` (purpose
/// `knot.vibe_classification`, seed 001 step 5.5 uses an LLM for this), one call per filtered
/// candidate, concurrently. The answer must be `{"vibes": [...]}` with known vibe names; anything
/// else — and any failure — leaves that candidate to the keyword rules, so classification can make
/// scores better but never makes a run fail. With no model chain configured for the purpose the
/// router would answer from the offline ``KnotVibeClassifier`` — the same rules — so the rules are
/// applied in-process instead, sparing a recorded model call per candidate.
public struct VibeClassification: Sendable {
    let router: ModelRouter?
    let logger: Logger

    public init(router: ModelRouter?, logger: Logger = Logger(label: "knot.vibes")) {
        self.router = router
        self.logger = logger
    }

    static let system = """
        Classify the gift or experience the user describes into the aesthetic vibes it fits, from exactly these:
        \(Vibe.allCases.map(\.rawValue).joined(separator: ", ")). Answer with one JSON object and nothing else: {"vibes": [names]}; [] when none fits.
        """

    /// Whether a configured model (not the offline rules) would answer.
    var usesModel: Bool {
        guard let router else { return false }
        return !router.isOffline(KnotVibeClassifier.purpose)
    }

    /// `candidates` with ``Candidate/classifiedVibes`` set where the model answered properly.
    public func classify(_ candidates: [Candidate]) async -> [Candidate] {
        guard usesModel, let router else { return candidates }
        let answers = await withTaskGroup(of: (Int, [Vibe]?).self) { group in
            for (index, candidate) in candidates.enumerated() {
                group.addTask {
                    let request = CompletionRequest(
                        system: Self.system, messages: [ChatMessage(.user, candidate.title + ". " + candidate.description)], temperature: 0, maxTokens: 100, jsonObject: true)
                    do {
                        let answer = try await router.complete(request, purpose: KnotVibeClassifier.purpose, app: "knot")
                        return (index, try Self.parse(answer.completion.text))
                    } catch {
                        logger.notice("vibe classification fell back to rules", metadata: ["candidate": "\(candidate.id)", "error": "\(error)"])
                        return (index, nil)
                    }
                }
            }
            return await group.reduce(into: [Int: [Vibe]]()) { result, answer in if let vibes = answer.1 { result[answer.0] = vibes } }
        }
        return candidates.enumerated().map { index, original in
            var candidate = original
            if let vibes = answers[index] { candidate.classifiedVibes = vibes }
            return candidate
        }
    }

    struct Answer: Decodable {
        var vibes: [String]
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// `{"vibes": ["romantic", …]}` (optionally in a ``` fence) → vibes; unknown names are malformed.
    static func parse(_ text: String) throws -> [Vibe] {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasPrefix("```") {
            body = body.drop { $0 != "\n" }.trimmingCharacters(in: .whitespacesAndNewlines)
            if body.hasSuffix("```") { body = String(body.dropLast(3)).trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(body.utf8)) else { throw Malformed(description: "not {\"vibes\": [...]}: \(text.prefix(200))") }
        return try answer.vibes.map { name in
            guard let vibe = Vibe(rawValue: name.lowercased()) else { throw Malformed(description: "unknown vibe \(name)") }
            return vibe
        }
    }
}
