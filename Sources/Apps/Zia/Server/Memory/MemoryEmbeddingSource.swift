import AIProviders
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// Zia's memories as a source of vectors for the platform's backfill: memories with no vector, or
/// one from another embedder.
public struct MemoryEmbeddingSource: EmbeddingSource {
    public init() {}

    public var collection: String { MemoryStore.collection }

    public func pending(model: String, limit: Int, on db: any SQLDatabase) async throws -> [PendingEmbedding] {
        try await db.raw(
            """
            SELECT m.id, m.user_id, m.key, m.value FROM zia_memories m
            LEFT JOIN vector_entries e ON e.collection = \(bind: collection) AND e.item_id = m.id
            WHERE e.item_id IS NULL OR e.model <> \(bind: model)
            ORDER BY m.created_at
            LIMIT \(bind: limit)
            """
        ).all().map { row in
            PendingEmbedding(
                itemID: try row.uuid("id"), ownerID: UserID(try row.uuid("user_id")),
                text: MemoryStore.embeddingText(key: try row.decode(column: "key", as: String.self), value: try row.decode(column: "value", as: String.self)))
        }
    }
}
