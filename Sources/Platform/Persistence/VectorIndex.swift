import Crypto
import Foundation
import PlatformCore
import SQLKit

/// Similarity search over stored vectors, shared by every app (hints, gift ideas, recipes, …).
/// Vectors of different models are never compared: a search names the model it queries.
///
/// Two scopes: a user's own vectors (``search(collection:owner:model:query:limit:on:)``) and the
/// shared corpus, vectors stored with no owner (a shipped recipe collection, a knowledge base),
/// which every user searches (``searchCorpus(collection:model:query:limit:on:)``). Neither scope
/// ever returns the other's vectors.
public protocol VectorIndex: Sendable {
    func upsert(_ entry: VectorEntry, on db: any SQLDatabase) async throws
    func delete(collection: String, itemID: UUID, on db: any SQLDatabase) async throws
    /// The `limit` nearest of `owner`'s vectors in `collection` made by `model`, most similar first.
    func search(collection: String, owner: UserID, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch]
    /// The `limit` nearest corpus vectors (stored with no owner) in `collection` made by `model`,
    /// most similar first.
    func searchCorpus(collection: String, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch]
}

/// Builds the index that suits the database: pgvector on PostgreSQL, an exact scan on SQLite.
public func makeVectorIndex(for kind: DatabaseKind) -> any VectorIndex {
    switch kind {
    case .postgres: PGVectorIndex()
    case .sqlite: ExactScanVectorIndex()
    }
}
