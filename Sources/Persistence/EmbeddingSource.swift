import Foundation
import PlatformCore
import SQLKit

/// An item whose text must be (re-)embedded: it has no vector yet, or one made by another model.
public struct PendingEmbedding: Sendable {
    public var itemID: UUID
    public var ownerID: UserID?
    public var text: String

    public init(itemID: UUID, ownerID: UserID?, text: String) {
        self.itemID = itemID
        self.ownerID = ownerID
        self.text = text
    }
}

/// Something an app stores vectors for (hints, gift ideas, recipes, …), able
/// to say which of its items lack a vector from the current embedder. The backfill service uses it
/// to re-embed after an embedder switch and to enrich items stored while embedding failed.
public protocol EmbeddingSource: Sendable {
    var collection: String { get }
    func pending(model: String, limit: Int, on db: any SQLDatabase) async throws -> [PendingEmbedding]
}
