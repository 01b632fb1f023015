import Crypto
import Foundation
import PlatformCore
import SQLKit

/// pgvector: vectors in a `vector` column, cosine distance `<=>`, and an HNSW index per dimension
/// (`embedding::vector(N)` partial index) that the search expression matches.
public struct PGVectorIndex: VectorIndex {
    public init() {}

    static func literal(_ vector: [Float]) -> String {
        "[" + vector.map { String($0) }.joined(separator: ",") + "]"
    }

    public func upsert(_ entry: VectorEntry, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO vector_entries (collection, item_id, owner_id, model, dims, embedding)
            VALUES (\(bind: entry.collection), \(bind: entry.itemID), \(bind: entry.ownerID?.uuid), \(bind: entry.model), \(bind: entry.vector.count), \(bind: Self.literal(entry.vector))::vector)
            ON CONFLICT (collection, item_id) DO UPDATE SET
                owner_id = EXCLUDED.owner_id, model = EXCLUDED.model, dims = EXCLUDED.dims, embedding = EXCLUDED.embedding
            """
        ).run()
    }

    public func delete(collection: String, itemID: UUID, on db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM vector_entries WHERE collection = \(bind: collection) AND item_id = \(bind: itemID)").run()
    }

    public func search(collection: String, owner: UserID, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch] {
        try await search(collection: collection, scope: .owner(owner), model: model, query: query, limit: limit, on: db)
    }

    public func searchCorpus(collection: String, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch] {
        try await search(collection: collection, scope: .corpus, model: model, query: query, limit: limit, on: db)
    }

    /// Both scopes through the partial HNSW index of the query's width (its `dims = N` predicate
    /// and `embedding::vector(N)` expression are the ones written here); the scope, collection and
    /// model filter the index's candidates.
    func search(collection: String, scope: VectorScope, model: String, query: [Float], limit: Int, on db: any SQLDatabase) async throws -> [VectorMatch] {
        let dims = query.count
        let rows = try await db.raw(
            """
            SELECT item_id, 1 - ((embedding::vector(\(unsafeRaw: String(dims)))) <=> \(bind: Self.literal(query))::vector(\(unsafeRaw: String(dims)))) AS similarity
            FROM vector_entries
            WHERE collection = \(bind: collection) AND \(scope.condition) AND model = \(bind: model) AND dims = \(unsafeRaw: String(dims))
            ORDER BY (embedding::vector(\(unsafeRaw: String(dims)))) <=> \(bind: Self.literal(query))::vector(\(unsafeRaw: String(dims)))
            LIMIT \(bind: limit)
            """
        ).all()
        return try rows.map { VectorMatch(itemID: try $0.uuid("item_id"), similarity: try $0.decode(column: "similarity", as: Double.self)) }
    }
}
