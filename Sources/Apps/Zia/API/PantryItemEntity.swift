import Foundation
import PlatformAPI

/// The marker type of ``PantryItemID``.
public enum PantryItemEntity {}

/// A pantry item's id: `{id}` of the pantry routes.
public typealias PantryItemID = TypedID<PantryItemEntity>

extension PantryItemEntity: NamedEntity {
    public static var entityName: String { "Pantry item" }
    public static var notFoundCode: String { "pantry_item_not_found" }
}
