import Foundation
import PlatformCore
import SQLKit

/// Something an app stores vectors for (hints, gift ideas, recipes, …), able
/// to say which of its items lack a vector from the current embedder. The backfill service uses it
/// to re-embed after an embedder switch and to enrich items stored while embedding failed.
public protocol EmbeddingSource: Sendable {
    var collection: String { get }
    func pending(model: String, limit: Int, on db: any SQLDatabase) async throws -> [PendingEmbedding]
}
