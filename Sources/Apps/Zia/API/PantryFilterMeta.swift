import Foundation
import PlatformAPI

/// What comparing a list with a pantry did: whether it was compared, the items removed (on hand
/// in full or without a quantity on either side) and the items whose quantity was reduced to what
/// is still missing.
public struct PantryFilterMeta: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case pantryFiltered = "pantry_filtered", itemsRemoved = "items_removed", itemsRemovedCount = "items_removed_count", itemsReduced = "items_reduced"
    }
    public var pantryFiltered: Bool
    public var itemsRemoved: [String]
    public var itemsRemovedCount: Int
    public var itemsReduced: [String]

    public init(pantryFiltered: Bool, itemsRemoved: [String], itemsReduced: [String]) {
        self.pantryFiltered = pantryFiltered
        self.itemsRemoved = itemsRemoved
        self.itemsRemovedCount = itemsRemoved.count
        self.itemsReduced = itemsReduced
    }
}
