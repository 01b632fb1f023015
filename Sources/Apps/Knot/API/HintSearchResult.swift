import Foundation

/// The answer of `GET /hints/search`: the query, the closest hints and which embedder ranked them.
public struct HintSearchResult: Codable, Sendable, Equatable {
    public var query: String
    public var hints: [ScoredHint]
    public var total: Int
    public var embedder: String

    public init(query: String, hints: [ScoredHint], total: Int, embedder: String) {
        self.query = query
        self.hints = hints
        self.total = total
        self.embedder = embedder
    }
}
