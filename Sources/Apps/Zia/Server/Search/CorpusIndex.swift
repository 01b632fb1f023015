import AIProviders
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI
import ZiaCorpus

/// One shipped item as the corpus index embeds it: its stable vector id, its slug and its text.
struct CorpusDocument: Sendable {
    var itemID: UUID
    var slug: String
    var text: String
}

/// A shipped collection as a source of corpus vectors (stored with no owner): the documents
/// with no vector from `model`, or one from another model. The platform's backfill embeds them.
struct CorpusEmbeddingSource: EmbeddingSource {
    let collection: String
    let documents: [CorpusDocument]

    func pending(model: String, limit: Int, on db: any SQLDatabase) async throws -> [PendingEmbedding] {
        let rows = try await db.raw(
            "SELECT item_id FROM vector_entries WHERE collection = \(bind: collection) AND owner_id IS NULL AND model = \(bind: model)"
        ).all()
        let current = Set(try rows.map { try $0.uuid("item_id") })
        return documents.lazy.filter { !current.contains($0.itemID) }.prefix(limit).map { PendingEmbedding(itemID: $0.itemID, ownerID: nil, text: $0.text) }
    }
}

/// Zia's shipped recipes and parenting articles as a vector corpus shared by every user
/// (collections `zia.recipes` and `zia.knowledge`, owner none, ids named from the slugs). The
/// corpus is embedded once, before the first search (one embedding pass however many searches
/// arrive together), re-embedding only what is missing or made by another model; searches then
/// compare the query with vectors of the current embedder's model only.
public final class CorpusIndex: Sendable {
    public static let recipeCollection = "zia.recipes"
    public static let knowledgeCollection = "zia.knowledge"

    let database: any Database
    let vectors: any VectorIndex
    let embedder: any Embedder
    let logger: Logger
    let recipeCollection: String
    let knowledgeCollection: String
    let recipesByID: [UUID: Recipe]
    let articlesByID: [UUID: KnowledgeArticle]
    /// The recipe and knowledge sources (also the platform backfill's, through ``embeddingSources``).
    public let embeddingSources: [any EmbeddingSource]
    /// The embedding pass in flight or done; cleared when it failed, so the next search retries.
    private let preparation = LockedValue<Task<Void, any Error>?>(nil)

    public init(
        database: any Database, vectors: any VectorIndex, embedder: any Embedder, logger: Logger, recipes: [Recipe] = RecipeCorpus.shipped,
        articles: [KnowledgeArticle] = KnowledgeBase.shipped, collections: (recipes: String, knowledge: String) = (recipeCollection, knowledgeCollection)
    ) {
        recipeCollection = collections.recipes
        knowledgeCollection = collections.knowledge
        self.database = database
        self.vectors = vectors
        self.embedder = embedder
        self.logger = logger
        let recipeDocuments = recipes.map {
            CorpusDocument(itemID: CorpusItemID.make(collection: collections.recipes, slug: $0.id), slug: $0.id, text: Self.embeddingText(of: $0))
        }
        let articleDocuments = articles.map {
            CorpusDocument(itemID: CorpusItemID.make(collection: collections.knowledge, slug: $0.id), slug: $0.id, text: Self.embeddingText(of: $0))
        }
        recipesByID = Dictionary(zip(recipeDocuments.map(\.itemID), recipes), uniquingKeysWith: { first, _ in first })
        articlesByID = Dictionary(zip(articleDocuments.map(\.itemID), articles), uniquingKeysWith: { first, _ in first })
        embeddingSources = [
            CorpusEmbeddingSource(collection: collections.recipes, documents: recipeDocuments),
            CorpusEmbeddingSource(collection: collections.knowledge, documents: articleDocuments),
        ]
    }

    /// A recipe's text to embed: title, then one ingredient per line, the cuisine and tags (docs/zia.md, "Offline and real").
    static func embeddingText(of recipe: Recipe) -> String {
        ([recipe.title] + recipe.ingredients.map(\.name) + [recipe.cuisine, recipe.tags.joined(separator: " ")]).joined(separator: "\n")
    }

    static func embeddingText(of article: KnowledgeArticle) -> String {
        [article.title, article.body, article.tags.joined(separator: " ")].joined(separator: "\n")
    }

    /// Embeds what is missing, once: concurrent callers wait for the same pass.
    public func prepare() async throws {
        let task = preparation.withLock { current in
            if let current { return current }
            let started = Task { [self] in
                try await removeStale()
                let written = try await VectorBackfillService(database: database, vectors: vectors, embedder: embedder, sources: embeddingSources, logger: logger).runOnce()
                if written > 0 { logger.info("zia corpus embedded", metadata: ["vectors": "\(written)", "model": "\(embedder.model)"]) }
            }
            current = started
            return started
        }
        do { try await task.value } catch {
            preparation.withLock { if $0 == task { $0 = nil } }
            throw error
        }
    }

    /// Deletes the collections' corpus vectors of items no longer shipped, so they take no place
    /// among a search's nearest.
    func removeStale() async throws {
        let sources = embeddingSources.compactMap { $0 as? CorpusEmbeddingSource }
        try await database.transaction { db in
            for source in sources {
                let kept = source.documents.map(\.itemID)
                try await db.raw(
                    "DELETE FROM vector_entries WHERE collection = \(bind: source.collection) AND owner_id IS NULL\(unsafeRaw: kept.isEmpty ? "" : " AND item_id NOT IN (")\(binds: kept)\(unsafeRaw: kept.isEmpty ? "" : ")")"
                ).run()
            }
        }
    }

    /// The `limit` corpus items of `collection` nearest `query`, nearest first.
    func search(_ query: String, in collection: String, limit: Int) async throws -> [VectorMatch] {
        try await prepare()
        let vector = try await embedder.embed(query)
        let (vectors, model) = (vectors, embedder.model)
        return try await database.read { db in try await vectors.searchCorpus(collection: collection, model: model, query: vector, limit: limit, on: db) }
    }

    /// The `k` recipes nearest `query` with their similarity, nearest first.
    public func recipes(matching query: String, k: Int) async throws -> [(recipe: Recipe, score: Double)] {
        try await search(query, in: recipeCollection, limit: k).compactMap { match in recipesByID[match.itemID].map { ($0, match.similarity) } }
    }

    /// The `k` articles nearest `query` within `domain` (all domains when nil), nearest first. A
    /// domain is a filter over the whole knowledge base ranked by similarity.
    public func articles(matching query: String, domain: KnowledgeDomain?, k: Int) async throws -> [(article: KnowledgeArticle, score: Double)] {
        let limit = domain == nil ? k : articlesByID.count
        let ranked = try await search(query, in: knowledgeCollection, limit: limit).compactMap { match in
            articlesByID[match.itemID].map { (article: $0, score: match.similarity) }
        }
        return Array(ranked.lazy.filter { domain == nil || $0.article.domain == domain }.prefix(k))
    }
}
