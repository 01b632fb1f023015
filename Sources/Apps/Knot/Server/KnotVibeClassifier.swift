import AIProviders
import Foundation

/// Knot's offline stand-in for the LLM that classifies a gift or experience into the 8 vibes
/// (used when no model is configured; docs/knot.md, "How Knot picks"). Rule-based and deterministic: keywords per vibe, matched
/// on word stems in the candidate text. Answers the JSON the recommendation pipeline reads — a
/// numbered list of candidates as `{"items": [...]}`, a single text as `{"vibes": [...]}` — the same
/// shapes a real model is asked for.
public struct KnotVibeClassifier: LanguageModel {
    public static let purpose = "knot.vibe_classification"
    public let provider = "offline"
    public let model = "knot-vibe-rules-v1"

    public init() {}

    /// Keyword stems per vibe.
    static let keywords: [Vibe: [String]] = [
        .quietLuxury: ["luxur", "cashmere", "silk", "spa", "fine dining", "tasting menu", "champagne", "premium", "leather", "designer", "boutique hotel"],
        .streetUrban: ["street", "sneaker", "graffiti", "hip hop", "urban", "skate", "food truck", "rooftop", "streetwear", "club"],
        .outdoorsy: ["hike", "hiking", "trail", "camp", "kayak", "outdoor", "park", "garden", "climb", "bike", "picnic", "nature", "fishing"],
        .vintage: ["vintage", "retro", "antique", "vinyl", "record", "classic", "thrift", "typewriter", "film camera", "old-fashioned"],
        .minimalist: ["minimal", "simple", "clean", "essential", "modern", "sleek", "scandinavian", "japanese"],
        .bohemian: ["boho", "bohemian", "macrame", "crystal", "handmade", "artisan", "tapestry", "incense", "pottery", "ceramic"],
        .romantic: ["romantic", "candle", "rose", "flower", "love", "couple", "sunset", "dinner for two", "wine", "jewel", "necklace", "heart"],
        .adventurous: ["adventure", "skydiv", "zipline", "surf", "scuba", "rafting", "escape room", "road trip", "travel", "hot air balloon", "climbing"],
    ]

    /// The vibes `text` suggests, in catalog order.
    public static func classify(_ text: String) -> [Vibe] {
        let lowered = text.lowercased()
        return Vibe.allCases.filter { vibe in (keywords[vibe] ?? []).contains { lowered.contains($0) } }
    }

    /// A numbered listing (`1. …` per line, the pipeline's batched request) is answered with
    /// `{"items": [{"index": n, "vibes": [...]}]}`; any other text with `{"vibes": [...]}`.
    public func complete(_ request: CompletionRequest) async throws -> Completion {
        let text = request.messages.last { $0.role == .user }?.content ?? ""
        let numbered = text.split(separator: "\n").compactMap { line -> (Int, String)? in
            guard let dot = line.firstIndex(of: "."), let index = Int(line[..<dot]) else { return nil }
            return (index, String(line[line.index(after: dot)...]))
        }
        let object: Any
        if !numbered.isEmpty {
            object = ["items": numbered.map { index, item in ["index": index, "vibes": Self.classify(item).map(\.rawValue)] as [String: Any] }]
        } else {
            object = ["vibes": Self.classify(text).map(\.rawValue)]
        }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        return Completion(text: json, usage: TokenUsage(inputTokens: 0, outputTokens: 0), model: model, finishReason: "stop")
    }

    public func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> { streamWhole(request) }
}
