import Foundation
import PlatformAPI

/// Marks ``ExampleItemID``; names the 404 of a path that names no item of the caller's.
public enum ExampleItemEntity: NamedEntity {
    public static var entityName: String { "Item" }
    public static var notFoundCode: String { "item_not_found" }
}

/// One of a user's Example items.
public typealias ExampleItemID = TypedID<ExampleItemEntity>
