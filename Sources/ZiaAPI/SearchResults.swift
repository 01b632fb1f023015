import Foundation

/// What `GET /zia/v1/rag/search` searches: the shipped recipes, the parenting knowledge base, or
/// the caller's own memories.
public enum RAGSearchDomain: String, Codable, Sendable, CaseIterable {
    case recipe, knowledge, memory
}

/// The rules of `GET /zia/v1/rag/search`'s query parameters, shared by the server and clients.
public enum RAGSearchRules {
    /// `q`'s length once trimmed.
    public static let maxQueryLength = 500
    /// `k`: how many results.
    public static let resultCount = 1...20
    public static let defaultResultCount = 5
}

/// One of the caller's memories as a search returns it.
public struct RAGSearchMemory: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, key, kind, value }
    public var id: UUID
    public var key: String
    public var kind: String
    public var value: String

    /// The id in the API's lower-case form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.lowercasedString, forKey: .id)
        try container.encode(key, forKey: .key)
        try container.encode(kind, forKey: .kind)
        try container.encode(value, forKey: .value)
    }

    public init(id: UUID, key: String, kind: String, value: String) {
        self.id = id
        self.key = key
        self.kind = kind
        self.value = value
    }
}

/// One search hit: the item's id (a recipe's or article's slug, a memory's UUID), its cosine
/// similarity to the query, and the item itself under its domain's key.
public struct RAGSearchHit: Codable, Sendable, Equatable {
    public var id: String
    public var score: Double
    public var recipe: Recipe?
    public var article: KnowledgeArticle?
    public var memory: RAGSearchMemory?

    public init(id: String, score: Double, recipe: Recipe? = nil, article: KnowledgeArticle? = nil, memory: RAGSearchMemory? = nil) {
        self.id = id
        self.score = score
        self.recipe = recipe
        self.article = article
        self.memory = memory
    }
}

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
