import Foundation

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
