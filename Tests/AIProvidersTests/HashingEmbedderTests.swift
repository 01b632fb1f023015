import Foundation
import Testing

@testable import AIProviders

/// The hashing embedder's ASCII path (bytes, no strings) must give the general path's vector bit for
/// bit: stored vectors record only the model's name, so a text embedded either way must land on the
/// same point.
@Suite("Hashing embedder")
struct HashingEmbedderTests {
    static let vocabulary = [
        "a", "an", "The", "AND", "about", "their", "they", "hiking", "hiked", "hikes", "hike", "boxes", "cats", "is", "sing", "bed", "ses", "ing",
        "ed", "s", "es", "x", "Xs", "running", "2024", "4x4", "B2B", "coffee", "Ceramics", "class", "downtown", "GIFTS", "d", "mess", "glasses",
    ]
    static let separators = [" ", "  ", ", ", ".", "-", "'", "\n", "\r\n", "\t", "!?", "/", "_", "@", "\u{1}", "~"]

    @Test("ASCII texts: the byte path's vector is the general path's, exactly")
    func asciiPathMatchesGeneralPath() {
        let embedder = HashingEmbedder()
        var generator = SplitMix(seed: 13)
        var texts = ["", " ", "...", "a the and", "x", "She loved the ceramics class downtown", String(repeating: "hiking ", count: 80)]
        // Every ASCII byte alone and between words.
        for byte in UInt8(0)..<0x80 {
            let character = String(decoding: [byte], as: UTF8.self)
            texts += [character, "word\(character)Other", "\(character)ab\(character)"]
        }
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int(generator.next() % 12) {
                text += Self.vocabulary[Int(generator.next() % UInt64(Self.vocabulary.count))]
                text += Self.separators[Int(generator.next() % UInt64(Self.separators.count))]
            }
            texts.append(text)
        }
        for text in texts {
            var utf8 = text
            let fast = utf8.withUTF8 { embedder.asciiVector(for: $0) }
            // Bit patterns: Float's == would equate -0.0 with 0.0.
            #expect(fast?.map(\.bitPattern) == embedder.generalVector(for: text).map(\.bitPattern), "\(text.debugDescription)")
        }
    }

    @Test("text that is not ASCII is left to the general path, which folds diacritics and case")
    func otherTextTakesGeneralPath() {
        let embedder = HashingEmbedder()
        for text in ["Café crème", "Ärger über Öl", "emoji 🎁 gift", "中文", "naïve HIKING"] {
            var utf8 = text
            #expect(utf8.withUTF8 { embedder.asciiVector(for: $0) } == nil)
        }
        // Folding makes the accented spelling the plain one's vector.
        #expect(embedder.vector(for: "café") == embedder.vector(for: "cafe"))
    }
}

/// A small seeded generator, so the generated texts are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
