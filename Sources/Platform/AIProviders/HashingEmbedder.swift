import Foundation
import PlatformAPI

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
        var text = text
        if let vector = text.withUTF8({ asciiVector(for: $0) }) { return vector }
        return generalVector(for: text)
    }

    /// ``vector(for:)`` for text of any script: Foundation's case and diacritic folding, words split
    /// by Unicode letter and number properties, each feature hashed from a `String`.
    func generalVector(for text: String) -> [Float] {
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

    /// ``vector(for:)`` for ASCII text (nil for any other), computed on the bytes: the same features
    /// hashed in the same order, so the same vector bit for bit as ``generalVector(for:)`` (a test
    /// compares them) — without a `String` per word and feature. On ASCII, Foundation's folding is
    /// lower-casing and the letters and numbers are `a`–`z` and `0`–`9`. Hints are embedded on every
    /// write; the general path's folding and strings were 8 % of a hint write's cost (issue 13).
    func asciiVector(for utf8: UnsafeBufferPointer<UInt8>) -> [Float]? {
        var highBits: UInt8 = 0
        for byte in utf8 { highBits |= byte }
        guard highBits < 0x80 else { return nil }
        let lowered = utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        // Words: runs of letters and digits, stop words left out.
        var words: [Range<Int>] = []
        var start: Int?
        for index in 0...lowered.count {
            let isWordByte =
                index < lowered.count
                && ((lowered[index] >= UInt8(ascii: "a") && lowered[index] <= UInt8(ascii: "z")) || (lowered[index] >= UInt8(ascii: "0") && lowered[index] <= UInt8(ascii: "9")))
            if isWordByte {
                if start == nil { start = index }
            } else if let first = start {
                let word = first..<index
                if word.count > Self.longestStopWord || !Self.stopWords.contains(String(decoding: lowered[word], as: UTF8.self)) { words.append(word) }
                start = nil
            }
        }
        var vector = [Float](repeating: 0, count: dimensions)
        let offsetBasis = Self.fnv1aOffsetBasis
        func hashing(_ hash: UInt64, _ bytes: some Sequence<UInt8>) -> UInt64 { Self.fnv1a(continuing: hash, bytes) }
        func add(_ hash: UInt64, weight: Float) {
            let index = Int(hash % UInt64(dimensions))
            vector[index] += ((hash >> 63) == 0 ? 1 : -1) * weight
        }
        func stem(_ word: Range<Int>) -> Range<Int> {
            for suffix in ["ing", "ed", "es", "s"] as [StaticString] where word.count > suffix.utf8CodeUnitCount + 2 {
                let cut = word.upperBound - suffix.utf8CodeUnitCount
                if suffix.withUTF8Buffer({ lowered[cut..<word.upperBound].elementsEqual($0) }) { return word.lowerBound..<cut }
            }
            return word
        }
        let caret = UInt8(ascii: "^")
        let dollar = UInt8(ascii: "$")
        for (position, word) in words.enumerated() {
            let stemmed = lowered[stem(word)]
            add(hashing(hashing(offsetBasis, "w:".utf8), stemmed), weight: 1.0)
            if position > 0 {
                let previous = lowered[stem(words[position - 1])]
                add(hashing(hashing(hashing(hashing(offsetBasis, "b:".utf8), previous), CollectionOfOne(UInt8(ascii: " "))), stemmed), weight: 0.5)
            }
            // Trigrams of "^word$".
            let padded = [caret] + lowered[word] + [dollar]
            for first in 0...(padded.count - 3) {
                add(hashing(hashing(offsetBasis, "c:".utf8), padded[first..<first + 3]), weight: 0.25)
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

    static let longestStopWord = stopWords.map(\.utf8.count).max() ?? 0

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

    static let fnv1aOffsetBasis: UInt64 = FNV1a.offsetBasis

    static func fnv1a(_ text: String) -> UInt64 { FNV1a.hash(text) }

    /// FNV-1a over `bytes`, continuing from `hash` (a feature hashed in pieces hashes as if joined).
    @inline(__always)
    static func fnv1a(continuing hash: UInt64, _ bytes: some Sequence<UInt8>) -> UInt64 { FNV1a.hash(bytes, continuing: hash) }
}
