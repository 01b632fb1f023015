import Foundation
import PlatformAPI

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
