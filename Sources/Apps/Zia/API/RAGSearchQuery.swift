import Foundation
import PlatformAPI

/// The query of `GET /rag/search`: what to look for, in which collection, and how many hits.
public struct RAGSearchQuery: RouteQuery, Equatable {
    public var q: String
    public var domain: RAGSearchDomain
    public var k: Int

    public init(q: String, domain: RAGSearchDomain = .recipe, k: Int = RAGSearchRules.defaultResultCount) {
        self.q = q
        self.domain = domain
        self.k = k
    }

    public static let parameters: [QueryParameter] = [
        QueryParameter("q", required: true), .oneOf("domain", RAGSearchDomain.self, default: .recipe),
        .integer("k", range: RAGSearchRules.resultCount, default: RAGSearchRules.defaultResultCount),
    ]

    /// `q` trimmed, not blank, at most ``RAGSearchRules/maxQueryLength`` characters; `domain` one of
    /// ``RAGSearchDomain`` (recipe); `k` 1–20 (5).
    public static func read(_ query: QueryValues, _ v: inout Validator) -> RAGSearchQuery {
        let q = v.requireText(query["q"], "q", maxLength: RAGSearchRules.maxQueryLength)
        let domain = query["domain"].map { v.requireEnum($0, "domain", as: RAGSearchDomain.self) } ?? .recipe
        let k = v.queryInteger(query["k"], "k", default: RAGSearchRules.defaultResultCount, range: RAGSearchRules.resultCount)
        return RAGSearchQuery(q: q ?? "", domain: domain ?? .recipe, k: k)
    }

    public var queryItems: [URLQueryItem] {
        [URLQueryItem(name: "q", value: q), URLQueryItem(name: "domain", value: domain.rawValue), URLQueryItem(name: "k", value: String(k))]
    }
}
