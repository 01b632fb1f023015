import AIProviders
import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// A user's own memories by meaning: their vectors in `zia.memory` (item id = the `zia_memories`
/// row's id; written with the memory), then the rows themselves, both scoped by the user, so no
/// other user's memory can ever be found.
public struct MemorySearch: Sendable {
    public static let collection = "zia.memory"
    let database: any Database
    let vectors: any VectorIndex
    let embedder: any Embedder

    public init(database: any Database, vectors: any VectorIndex, embedder: any Embedder) {
        self.database = database
        self.vectors = vectors
        self.embedder = embedder
    }

    /// The `k` memories of `user` nearest `query` with their similarity, nearest first (a vector
    /// whose row is gone is skipped).
    public func memories(of user: UserID, matching query: String, k: Int) async throws -> [(memory: RAGSearchMemory, score: Double)] {
        let vector = try await embedder.embed(query)
        return try await database.read { db in
            let matches = try await vectors.search(collection: Self.collection, owner: user, model: embedder.model, query: vector, limit: k, on: db)
            guard !matches.isEmpty else { return [] }
            let rows = try await db.raw(
                "SELECT id, key, kind, value FROM zia_memories WHERE user_id = \(bind: user.uuid) AND id IN (\(binds: matches.map(\.itemID)))"
            ).all()
            var byID: [UUID: RAGSearchMemory] = [:]
            for row in rows {
                let id = try row.uuid("id")
                byID[id] = RAGSearchMemory(
                    id: id, key: try row.decode(column: "key", as: String.self), kind: try row.decode(column: "kind", as: String.self),
                    value: try row.decode(column: "value", as: String.self))
            }
            return matches.compactMap { match in byID[match.itemID].map { ($0, match.similarity) } }
        }
    }
}
