import AIProviders
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import Synchronization

/// Knot hints as a source of vectors: hints with no vector, or one from another model.
public struct HintEmbeddingSource: EmbeddingSource {
    public init() {}

    public var collection: String { HintRepository.collection }

    public func pending(model: String, limit: Int, on db: any SQLDatabase) async throws -> [PendingEmbedding] {
        try await db.raw(
            """
            SELECT h.id, v.user_id, h.hint_text FROM hints h
            JOIN partner_vaults v ON v.id = h.vault_id
            LEFT JOIN vector_entries e ON e.collection = \(bind: collection) AND e.item_id = h.id
            WHERE e.item_id IS NULL OR e.model <> \(bind: model)
            ORDER BY h.created_at
            LIMIT \(bind: limit)
            """
        ).all().map { row in
            PendingEmbedding(itemID: try row.uuid("id"), ownerID: UserID(try row.uuid("user_id")), text: try row.decode(column: "hint_text", as: String.self))
        }
    }
}
