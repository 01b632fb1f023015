import Foundation
import PlatformAPI

/// The marker type of ``GrocerySessionID``.
public enum GrocerySessionEntity {}

/// A shopping session's id: `{id}` of the grocery-session routes.
public typealias GrocerySessionID = TypedID<GrocerySessionEntity>

extension GrocerySessionEntity: NamedEntity {
    public static var entityName: String { "Grocery session" }
    public static var notFoundCode: String { "grocery_session_not_found" }
}
