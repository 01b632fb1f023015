import Foundation

/// BERT's uncased tokenizer: basic tokenization (clean control characters, isolate CJK characters,
/// lower-case, strip accents, split on whitespace and punctuation) followed by greedy
/// longest-match-first WordPiece against `vocab.txt`, framed by `[CLS]` … `[SEP]` and truncated
/// to `maxLength` tokens.
public struct WordPieceTokenizer: Sendable {
    public let vocabulary: [String: Int32]
    public let maxLength: Int
    public let clsID: Int32
    public let sepID: Int32
    public let unknownID: Int32
    static let maxCharactersPerWord = 100

    public init(vocabularyFile path: String, maxLength: Int = 256) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SafeTensors.LoadError.unreadable(path)
        }
        var vocabulary: [String: Int32] = [:]
        var index: Int32 = 0
        text.enumerateLines { line, _ in
            vocabulary[line] = index
            index += 1
        }
        try self.init(vocabulary: vocabulary, maxLength: maxLength)
    }

    public init(vocabulary: [String: Int32], maxLength: Int = 256) throws {
        guard let cls = vocabulary["[CLS]"], let sep = vocabulary["[SEP]"], let unk = vocabulary["[UNK]"] else {
            throw SafeTensors.LoadError.missing("[CLS]/[SEP]/[UNK] in vocabulary")
        }
        self.vocabulary = vocabulary
        self.maxLength = maxLength
        clsID = cls
        sepID = sep
        unknownID = unk
    }

    /// Token IDs for `text`, including `[CLS]` and `[SEP]`.
    public func encode(_ text: String) -> [Int32] {
        var ids: [Int32] = [clsID]
        let budget = maxLength - 2
        outer: for word in Self.basicTokens(text) {
            for id in wordPieces(word) {
                if ids.count - 1 >= budget { break outer }
                ids.append(id)
            }
        }
        ids.append(sepID)
        return ids
    }

    /// Whitespace/punctuation split with BERT's normalisation (what the reference calls `basic`).
    public static func basicTokens(_ text: String) -> [String] {
        var spaced = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0 || value == 0xFFFD || isControl(scalar) { continue }
            if isWhitespace(scalar) {
                spaced.append(" ")
            } else if isCJK(value) {
                spaced.append(" ")
                spaced.append(scalar)
                spaced.append(" ")
            } else {
                spaced.append(scalar)
            }
        }
        var tokens: [String] = []
        for rawWord in String(spaced).split(separator: " ", omittingEmptySubsequences: true) {
            let folded = String(rawWord).lowercased().decomposedStringWithCanonicalMapping
            var current = String.UnicodeScalarView()
            for scalar in folded.unicodeScalars {
                if scalar.properties.generalCategory == .nonspacingMark { continue }
                if isPunctuation(scalar) {
                    if !current.isEmpty {
                        tokens.append(String(current))
                        current = String.UnicodeScalarView()
                    }
                    tokens.append(String(scalar))
                } else {
                    current.append(scalar)
                }
            }
            if !current.isEmpty { tokens.append(String(current)) }
        }
        return tokens
    }

    /// Greedy longest-match-first WordPiece; a word with no full segmentation is `[UNK]`.
    func wordPieces(_ word: String) -> [Int32] {
        let scalars = Array(word.unicodeScalars)
        if scalars.count > Self.maxCharactersPerWord { return [unknownID] }
        var pieces: [Int32] = []
        var start = 0
        while start < scalars.count {
            var end = scalars.count
            var found: Int32?
            while start < end {
                var candidate = start > 0 ? "##" : ""
                candidate.unicodeScalars.append(contentsOf: scalars[start..<end])
                if let id = vocabulary[candidate] {
                    found = id
                    break
                }
                end -= 1
            }
            guard let id = found else { return [unknownID] }
            pieces.append(id)
            start = end
        }
        return pieces
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.properties.generalCategory == .spaceSeparator
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\n" || scalar == "\r" { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned: return true
        default: return false
        }
    }

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if (33...47).contains(v) || (58...64).contains(v) || (91...96).contains(v) || (123...126).contains(v) { return true }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default: return false
        }
    }

    static func isCJK(_ v: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x20000...0x2A6DF).contains(v)
            || (0x2A700...0x2B73F).contains(v) || (0x2B740...0x2B81F).contains(v) || (0x2B820...0x2CEAF).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0x2F800...0x2FA1F).contains(v)
    }
}
