import Crypto
import Foundation
import PlatformCore
import SQLKit

/// A search hit: the item and its cosine similarity to the query (1 = same direction).
public struct VectorMatch: Sendable, Equatable {
    public var itemID: UUID
    public var similarity: Double
}
