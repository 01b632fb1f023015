import Foundation
import PlatformAPI

/// The body of `POST /grocery-sessions/{id}/skip`: an item of the session the store did not have.
public struct SkipGroceryItemInput: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case itemID = "item_id" }
    public var itemID: String?

    public init(itemID: String?) { self.itemID = itemID }

    /// `item_id` a UUID.
    public static func check(_ input: SkipGroceryItemInput) -> Checked<UUID> {
        var v = Validator()
        let item = GroceryItemReference.requireItem(input.itemID, &v)
        return .from(v) { item }
    }
}

/// The one rule for `item_id` in a session's bodies.
enum GroceryItemReference {
    static func requireItem(_ raw: String?, _ v: inout Validator) -> UUID? {
        guard let raw else {
            v.fail("item_id", "is required")
            return nil
        }
        let id = UUID(parsing: raw)
        v.check(id != nil, "item_id", "must be an item's id (a UUID)")
        return id
    }
}
