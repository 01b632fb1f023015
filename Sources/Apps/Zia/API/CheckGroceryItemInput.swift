import Foundation
import PlatformAPI

/// The body of `POST /grocery-sessions/{id}/check`: an item of the session, checked or not.
public struct CheckGroceryItemInput: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case itemID = "item_id", checked }
    public var itemID: String?
    public var checked: Bool?

    public init(itemID: String?, checked: Bool?) {
        self.itemID = itemID
        self.checked = checked
    }

    /// `item_id` a UUID; `checked` required.
    public static func check(_ input: CheckGroceryItemInput) -> Checked<(item: UUID, checked: Bool)> {
        var v = Validator()
        let item = GroceryItemReference.requireItem(input.itemID, &v)
        if input.checked == nil { v.fail("checked", "is required") }
        return .from(v) { item.flatMap { item in input.checked.map { (item, $0) } } }
    }
}
