import AIProviders
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import VibeKeeperAPI

/// VibeKeeper's ideas as a source of vectors for the platform's backfill: ideas with no vector,
/// or one from another model.
public struct GiftIdeaEmbeddingSource: EmbeddingSource {
    public init() {}

    public var collection: String { IdeaSearch.collection }

    public func pending(model: String, limit: Int, on db: any SQLDatabase) async throws -> [PendingEmbedding] {
        try await db.raw(
            """
            SELECT \(GiftIdeaRepository.columns(db)), g.user_id FROM gift_ideas g
            LEFT JOIN contacts c ON c.id = g.recipient_id
            LEFT JOIN vector_entries e ON e.collection = \(bind: collection) AND e.item_id = g.id
            WHERE e.item_id IS NULL OR e.model <> \(bind: model)
            ORDER BY g.created_at
            LIMIT \(bind: limit)
            """
        ).all().map { row in
            let idea = try GiftIdeaRepository.idea(from: row)
            return PendingEmbedding(itemID: idea.id.uuid, ownerID: UserID(try row.uuid("user_id")), text: IdeaSearch.embeddingText(of: idea))
        }
    }
}
