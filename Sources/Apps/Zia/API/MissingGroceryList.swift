import Foundation
import PlatformAPI

/// A list less what the pantry holds (a meal plan's `missing_grocery`): the aisles still to buy and what was taken off.
public struct MissingGroceryList: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case aisles, meta = "_meta" }
    public var aisles: [String: [GroceryList.Item]]
    public var meta: PantryFilterMeta

    public init(aisles: [String: [GroceryList.Item]], meta: PantryFilterMeta) {
        self.aisles = aisles
        self.meta = meta
    }
}
