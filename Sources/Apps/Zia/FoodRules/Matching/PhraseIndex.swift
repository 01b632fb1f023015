/// Many phrases found in text at once, each tagged with a value (an allergen, a refusal, a topic):
/// indexed by the forms of their first word, so a text costs one lookup per word and form however
/// many phrases there are. One piece serves the policy's words, age gates and sensitive topics,
/// the allergen table's ingredients and look-alikes, and a household's free-text allergies.
package struct PhraseIndex<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        let id: Int
        let words: [Word]
        let value: Value
    }
    private var byFirstForm: [String: [Entry]] = [:]
    private var count = 0

    /// `phrases`: each phrase's text (split into words as text is) and its value; empty phrases are skipped.
    package init(_ phrases: [(phrase: String, value: Value)] = []) {
        for (phrase, value) in phrases { add(phrase, value) }
    }

    package var isEmpty: Bool { byFirstForm.isEmpty }

    package mutating func add(_ phrase: String, _ value: Value) {
        let words = WordSplitter.words(phrase)
        guard let first = words.first else { return }
        count += 1
        for form in first.forms { byFirstForm[form, default: []].append(Entry(id: count, words: words, value: value)) }
    }

    /// Every place a phrase occurs in `text`, as words (a phrase reached through two forms of its
    /// first word is reported once).
    package func matches(in text: [Word]) -> [PhraseMatch<Value>] {
        var found: [PhraseMatch<Value>] = []
        for start in text.indices {
            var seen = Set<Int>()
            for form in text[start].forms {
                for entry in byFirstForm[form] ?? [] where Self.occurs(entry.words, in: text, at: start) {
                    if seen.insert(entry.id).inserted {
                        found.append(PhraseMatch(range: start..<(start + entry.words.count), value: entry.value))
                    }
                }
            }
        }
        return found
    }

    package func matches(in text: String) -> [PhraseMatch<Value>] { matches(in: WordSplitter.words(text)) }

    /// ``matches(in:)`` without those that lie inside a longer match ("nut" inside "tree nut").
    package func longestMatches(in text: [Word]) -> [PhraseMatch<Value>] {
        let all = matches(in: text)
        return all.filter { match in
            !all.contains { other in
                other.range.count > match.range.count && other.range.lowerBound <= match.range.lowerBound && match.range.upperBound <= other.range.upperBound
            }
        }
    }

    private static func occurs(_ phrase: [Word], in text: [Word], at start: Int) -> Bool {
        guard start + phrase.count <= text.count else { return false }
        for (offset, word) in phrase.enumerated() where !word.meets(text[start + offset]) { return false }
        return true
    }
}
