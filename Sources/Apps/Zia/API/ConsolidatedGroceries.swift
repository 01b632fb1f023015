import Foundation
import PlatformAPI

/// `POST /groceries/consolidate`'s answer: the merged list by aisle; with `use_pantry`, also what is
/// missing from the pantry (`missing`) and what the comparison did (`_meta`).
public struct ConsolidatedGroceries: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case aisles, missing, meta = "_meta" }
    public var aisles: [String: [GroceryList.Item]]
    public var missing: GroceryList?
    public var meta: PantryFilterMeta?

    public init(aisles: [String: [GroceryList.Item]], missing: GroceryList? = nil, meta: PantryFilterMeta? = nil) {
        self.aisles = aisles
        self.missing = missing
        self.meta = meta
    }
}
