import Foundation
import ZiaAPI

/// Scores documents against a query by shared words (a word and its plural count as one), the
/// title's words counting double; ties keep the documents' order. The in-memory retrievers below
/// rank with it — for tests, benchmarks and a corpus that needs no index.
struct LexicalScorer: Sendable {
    let terms: Set<String>

    init(_ query: String) { terms = Set(IntentClassifier.words(query).map(Self.stem)) }

    static func stem(_ word: String) -> String {
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("es"), word.count > 4, ["sh", "ch", "x", "s"].contains(where: { word.dropLast(2).hasSuffix($0) }) { return String(word.dropLast(2)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { return String(word.dropLast()) }
        return word
    }

    func score(title: String, body: [String]) -> Int {
        let titleHits = Set(IntentClassifier.words(title).map(Self.stem)).intersection(terms).count
        let bodyHits = Set(body.flatMap { IntentClassifier.words($0) }.map(Self.stem)).intersection(terms).count
        return titleHits * 2 + bodyHits
    }

    /// The `k` best of `items` by `score` (every item when no term matches any: an empty query
    /// still returns something to plan with).
    func top<T>(_ items: [T], k: Int, score: (T) -> Int) -> [T] {
        let scored = items.enumerated().map { (item: $0.element, score: score($0.element), index: $0.offset) }
        return scored.sorted { ($1.score, $0.index) < ($0.score, $1.index) }.prefix(max(0, k)).map(\.item)
    }
}
