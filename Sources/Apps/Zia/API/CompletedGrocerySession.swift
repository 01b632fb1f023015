import Foundation
import PlatformAPI

/// `POST /grocery-sessions/{id}/complete`'s answer: the closed session and the pantry items the
/// bought (checked, not skipped) items were added to.
public struct CompletedGrocerySession: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case session, itemsAdded = "items_added" }
    public var session: GrocerySession
    public var itemsAdded: [PantryItem]

    public init(session: GrocerySession, itemsAdded: [PantryItem]) {
        self.session = session
        self.itemsAdded = itemsAdded
    }
}
