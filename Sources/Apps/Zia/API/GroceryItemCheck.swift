import Foundation
import PlatformAPI

/// The body of `POST /grocery-sessions/{id}/check`: an item of the session, checked or not.
public struct GroceryItemCheck: Encodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case itemID = "item_id", checked }
    public var itemID: UUID
    public var checked: Bool

    public init(itemID: UUID, checked: Bool) {
        self.itemID = itemID
        self.checked = checked
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(itemID.lowercasedString, forKey: .itemID)
        try container.encode(checked, forKey: .checked)
    }

    /// The body as it arrives (and as the device's outbox keeps it).
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = GroceryItemCheck.CodingKeys
        public var itemID: String?
        public var checked: Bool?

        public init(itemID: String? = nil, checked: Bool? = nil) {
            self.itemID = itemID
            self.checked = checked
        }
    }

    /// `item_id` a UUID; `checked` required.
    public static func check(_ input: Input) -> Checked<GroceryItemCheck> {
        var v = Validator()
        let item = GroceryItemReference.requireItem(input.itemID, &v)
        if input.checked == nil { v.fail("checked", "is required") }
        return .from(v) { item.flatMap { item in input.checked.map { GroceryItemCheck(itemID: item, checked: $0) } } }
    }

    /// This body as the server reads it.
    public var input: Input { Input(itemID: itemID.lowercasedString, checked: checked) }
}
