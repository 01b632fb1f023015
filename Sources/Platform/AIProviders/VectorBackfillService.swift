import Foundation
import Logging
import Persistence

/// Keeps every stored vector made by the current embedder. At start (and every
/// `VECTOR_BACKFILL_SECONDS`, as a recurring job of the scheduler) it asks
/// each ``EmbeddingSource`` for items whose vector is missing or from another model, embeds them in
/// batches and replaces their vectors — so switching embedders re-embeds in the background, and
/// hints saved while embedding failed are enriched later. Searches only ever compare vectors of
/// the current model, so a half-finished backfill never mixes models.
public struct VectorBackfillService: Sendable {
    public static let jobKind = "platform.vector_backfill"
    let database: any Database
    let vectors: any VectorIndex
    let embedder: any Embedder
    let sources: [any EmbeddingSource]
    let logger: Logger
    let batchSize: Int

    public init(database: any Database, vectors: any VectorIndex, embedder: any Embedder, sources: [any EmbeddingSource], logger: Logger, batchSize: Int = 32) {
        self.database = database
        self.vectors = vectors
        self.embedder = embedder
        self.sources = sources
        self.logger = logger
        self.batchSize = batchSize
    }

    /// One full pass over every source; returns how many vectors were written.
    @discardableResult
    public func runOnce() async throws -> Int {
        var written = 0
        for source in sources {
            while !Task.isShuttingDownGracefully {
                let model = embedder.model
                let batch = try await database.read { db in try await source.pending(model: model, limit: batchSize, on: db) }
                guard !batch.isEmpty else { break }
                let embeddings = try await embedder.embed(batch.map(\.text))
                try await database.transaction { db in
                    for (item, vector) in zip(batch, embeddings) {
                        try await vectors.upsert(VectorEntry(collection: source.collection, itemID: item.itemID, ownerID: item.ownerID, model: model, vector: vector), on: db)
                    }
                }
                written += batch.count
                if batch.count < batchSize { break }
            }
        }
        return written
    }
}
