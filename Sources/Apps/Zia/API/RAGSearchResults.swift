import Foundation

/// The answer of `GET /zia/v1/rag/search`: the trimmed query, the domain searched and the hits,
/// most similar first.
public struct RAGSearchResults: Codable, Sendable, Equatable {
    public var query: String
    public var domain: RAGSearchDomain
    public var results: [RAGSearchHit]

    public init(query: String, domain: RAGSearchDomain, results: [RAGSearchHit]) {
        self.query = query
        self.domain = domain
        self.results = results
    }
}
