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
