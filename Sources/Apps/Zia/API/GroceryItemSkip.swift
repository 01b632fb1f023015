import Foundation
import PlatformAPI

/// The body of `POST /grocery-sessions/{id}/skip`: an item of the session the store did not have.
public struct GroceryItemSkip: Encodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case itemID = "item_id" }
    public var itemID: UUID

    public init(itemID: UUID) { self.itemID = itemID }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(itemID.lowercasedString, forKey: .itemID)
    }

    /// The body as it arrives (and as the device's outbox keeps it).
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = GroceryItemSkip.CodingKeys
        public var itemID: String?

        public init(itemID: String? = nil) { self.itemID = itemID }
    }

    /// `item_id` a UUID.
    public static func check(_ input: Input) -> Checked<GroceryItemSkip> {
        var v = Validator()
        let item = GroceryItemReference.requireItem(input.itemID, &v)
        return .from(v) { item.map { GroceryItemSkip(itemID: $0) } }
    }

    /// This body as the server reads it.
    public var input: Input { Input(itemID: itemID.lowercasedString) }
}
