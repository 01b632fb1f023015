import Foundation

/// Turns text into vectors for semantic search. Every stored vector records the ``model`` that made
/// it, so an index never mixes vectors from different embedders.
public protocol Embedder: Sendable {
    /// A stable name of the model, stored next to every vector it produces.
    var model: String { get }
    var dimensions: Int { get }
    /// Whether similar meanings land near each other (a real language model) or only similar
    /// spellings do (the hashing fallback). Reported honestly in `/health`.
    var isSemantic: Bool { get }
    /// One L2-normalised vector per input text, in order.
    func embed(_ texts: [String]) async throws -> [[Float]]
}

extension Embedder {
    public func embed(_ text: String) async throws -> [Float] {
        try await embed([text])[0]
    }
}

/// The cheap, deterministic, offline fallback: feature hashing of words, word pairs and character
/// trigrams into a fixed-width vector. It matches shared vocabulary and spelling variants
/// ("hike"/"hiking"), not meaning; `/health` says so.
public struct HashingEmbedder: Embedder {
    public let dimensions: Int
    public var model: String { "hashing-ngram-v1-\(dimensions)" }
    public var isSemantic: Bool { false }

    public init(dimensions: Int = 384) {
        self.dimensions = dimensions
    }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        texts.map(vector(for:))
    }

    /// The embedding of one text; pure and synchronous.
    public func vector(for text: String) -> [Float] {
        var vector = [Float](repeating: 0, count: dimensions)
        let words = Self.words(in: text)
        func add(_ feature: String, weight: Float) {
            let hash = Self.fnv1a(feature)
            let index = Int(hash % UInt64(dimensions))
            let sign: Float = (hash >> 63) == 0 ? 1 : -1
            vector[index] += sign * weight
        }
        for (position, word) in words.enumerated() {
            let stem = Self.stem(word)
            add("w:" + stem, weight: 1.0)
            if position > 0 { add("b:" + Self.stem(words[position - 1]) + " " + stem, weight: 0.5) }
            let padded = Array("^" + word + "$")
            if padded.count >= 3 {
                for start in 0...(padded.count - 3) {
                    add("c:" + String(padded[start..<start + 3]), weight: 0.25)
                }
            }
        }
        let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        if norm > 0 {
            for index in vector.indices { vector[index] /= norm }
        }
        return vector
    }

    static let stopWords: Set<String> = [
        "a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "with", "is", "it", "at", "she", "he", "they", "her", "his", "their", "that", "this", "was", "be", "i", "we",
        "my", "me", "about",
    ]

    static func words(in text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .lowercased()
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
            .filter { !stopWords.contains($0) }
    }

    static func stem(_ word: String) -> String {
        for suffix in ["ing", "ed", "es", "s"] where word.count > suffix.count + 2 && word.hasSuffix(suffix) {
            return String(word.dropLast(suffix.count))
        }
        return word
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
