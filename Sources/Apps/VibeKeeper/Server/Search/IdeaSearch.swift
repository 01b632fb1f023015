import AIProviders
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import VibeKeeperAPI

/// Hybrid search over the user's gift ideas and contacts (issue 14): words (the idea, occasion,
/// notes and tags, ignoring case and accents; a contact's name, aliases, relationship and notes)
/// and meaning (the embedder's vectors of each idea with its recipient's name, kept in the
/// platform's vector index and re-made whenever the idea changes).
public struct IdeaSearch: Sendable {
    public static let collection = "vibekeeper.gift_ideas"
    /// The weight of meaning against words in an idea's score.
    static let semanticWeight = 0.6

    let database: any Database
    let vectors: any VectorIndex
    let embedder: any Embedder
    let ideas: GiftIdeaRepository
    let contacts: ContactRepository
    let logger: Logger

    public init(database: any Database, vectors: any VectorIndex, embedder: any Embedder, ideas: GiftIdeaRepository, contacts: ContactRepository, logger: Logger) {
        self.database = database
        self.vectors = vectors
        self.embedder = embedder
        self.ideas = ideas
        self.contacts = contacts
        self.logger = logger
    }

    /// A semantic match alone counts from this similarity (a real language model's vectors; the
    /// hashing fallback only matches shared spellings, so it needs more).
    var semanticFloor: Double { embedder.isSemantic ? 0.3 : 0.5 }

    /// What an idea's vector is made from.
    static func embeddingText(of idea: GiftIdea) -> String {
        ([idea.idea, idea.occasion, idea.notes, idea.recipientName].compactMap { $0 } + idea.tags).joined(separator: ". ")
    }

    /// Re-makes the vector of one idea (after a create or an edit). Never throws: a failure leaves
    /// the idea to the platform's backfill.
    public func refresh(_ id: GiftIdeaID, for user: UserID) async {
        do {
            guard let idea = try await ideas.find(id, for: user) else { return }
            let vector = try await embedder.embed(Self.embeddingText(of: idea))
            let model = embedder.model
            try await database.transaction(owner: user.uuid) { db in
                try await vectors.upsert(VectorEntry(collection: Self.collection, itemID: id.uuid, ownerID: user, model: model, vector: vector), on: db)
            }
        } catch {
            logger.warning("vibekeeper: idea not embedded", metadata: ["idea": "\(id)", "error": "\(error)"])
        }
    }

    /// Re-makes the vectors of a contact's ideas (its name is part of them).
    public func refresh(recipient: ContactID, for user: UserID) async {
        guard let ideas = try? await ideas.list(for: user, filter: GiftIdeaFilter(recipientId: recipient), limit: 500, cursor: nil) else { return }
        for idea in ideas.ideas { await refresh(idea.id, for: user) }
    }

    public func remove(_ id: GiftIdeaID) async {
        try? await database.transaction { db in try await vectors.delete(collection: Self.collection, itemID: id.uuid, on: db) }
    }

    /// Ideas (matching `filter`) and contacts for `query`, best first.
    public func search(_ query: String, filter: GiftIdeaFilter, for user: UserID, limit: Int) async throws -> SearchResults {
        let words = Self.words(query)
        var semantic: [UUID: Double] = [:]
        do {
            for match in try await nearest(to: query, for: user, limit: 200) { semantic[match.itemID] = match.similarity }
        } catch {
            logger.warning("vibekeeper: semantic search unavailable, words only", metadata: ["error": "\(error)"])
        }
        var filterWithoutText = filter
        filterWithoutText.query = nil
        let candidates = try await ideas.list(for: user, filter: filterWithoutText, limit: 1000, cursor: nil).ideas
        let people = try await contacts.list(for: user)
        // An idea is also found by its recipient's name and aliases ("mom" finds Mom's ideas).
        var names: [ContactID: String] = [:]
        for contact in people { names[contact.id] = GiftIdeaRepository.foldedKey(([contact.name] + contact.aliases).joined(separator: "\n")) }
        var hits: [SearchHit] = []
        for idea in candidates {
            let recipient = idea.recipientId.flatMap { names[$0] } ?? ""
            let text = Self.coverage(of: words, in: GiftIdeaRepository.searchText(idea) + "\n" + recipient)
            let meaning = semantic[idea.id.uuid] ?? 0
            guard text > 0 || meaning >= semanticFloor else { continue }
            let score = Self.semanticWeight * max(0, meaning) + (1 - Self.semanticWeight) * text
            hits.append(SearchHit(score: Self.rounded(score), giftIdea: idea))
        }
        // Contacts only when no idea filter narrows the search to ideas.
        if filter == GiftIdeaFilter(query: filter.query) {
            for contact in people {
                let haystack = GiftIdeaRepository.foldedKey(([contact.name, contact.relationship, contact.notes].compactMap { $0 } + contact.aliases).joined(separator: "\n"))
                let text = Self.coverage(of: words, in: haystack)
                if text > 0 { hits.append(SearchHit(score: Self.rounded(text), contact: contact)) }
            }
        }
        hits.sort { ($0.score, $0.giftIdea?.createdAt ?? $0.contact?.createdAt ?? .distantPast) > ($1.score, $1.giftIdea?.createdAt ?? $1.contact?.createdAt ?? .distantPast) }
        return SearchResults(query: query, results: Array(hits.prefix(limit)), embedder: embedder.model)
    }

    /// The user's stored idea vectors nearest to `text`, most similar first.
    public func nearest(to text: String, for user: UserID, limit: Int) async throws -> [VectorMatch] {
        let vector = try await embedder.embed(text)
        let model = embedder.model
        return try await database.read { db in
            try await vectors.search(collection: Self.collection, owner: user, model: model, query: vector, limit: limit, on: db)
        }
    }

    /// The user's ideas nearest to one of theirs; nil when the idea is not theirs.
    public func related(to id: GiftIdeaID, for user: UserID, limit: Int) async throws -> [RelatedIdea]? {
        guard let idea = try await ideas.find(id, for: user) else { return nil }
        let matches = try await nearest(to: Self.embeddingText(of: idea), for: user, limit: limit + 1)
        var related: [RelatedIdea] = []
        for match in matches where match.itemID != id.uuid {
            guard let other = try await ideas.find(GiftIdeaID(match.itemID), for: user), !other.needsReview else { continue }
            related.append(RelatedIdea(similarity: Self.rounded(match.similarity), giftIdea: other))
        }
        return Array(related.prefix(limit))
    }

    /// The query's words, folded, without one-letter ones.
    static func words(_ text: String) -> [String] {
        GiftIdeaRepository.foldedKey(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { $0.count > 1 }
    }

    /// The share of `words` found in `haystack` (0…1).
    static func coverage(of words: [String], in haystack: String) -> Double {
        guard !words.isEmpty else { return 0 }
        return Double(words.filter { haystack.contains($0) }.count) / Double(words.count)
    }

    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
