import Foundation
import PlatformAPI

/// Marks ``__App__ItemID``; names the 404 of a path that names no item of the caller's.
public enum __App__ItemEntity: NamedEntity {
    public static var entityName: String { "Item" }
    public static var notFoundCode: String { "item_not_found" }
}

/// One of a user's __App__ items.
public typealias __App__ItemID = TypedID<__App__ItemEntity>
