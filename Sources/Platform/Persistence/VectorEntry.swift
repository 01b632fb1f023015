import Crypto
import Foundation
import PlatformCore
import SQLKit

/// One stored vector: which item it represents, whose it is, and which embedder model made it.
public struct VectorEntry: Sendable {
    public var collection: String
    public var itemID: UUID
    public var ownerID: UserID?
    public var model: String
    public var vector: [Float]

    public init(collection: String, itemID: UUID, ownerID: UserID?, model: String, vector: [Float]) {
        self.collection = collection
        self.itemID = itemID
        self.ownerID = ownerID
        self.model = model
        self.vector = vector
    }
}
