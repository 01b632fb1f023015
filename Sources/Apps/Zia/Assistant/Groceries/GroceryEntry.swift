import Foundation
import ZiaAPI

/// One line a grocery list is made from: what, how much (both optional: "salt"), and where, when known.
public struct GroceryEntry: Sendable, Equatable {
    public var name: String
    public var quantity: Double?
    public var unit: String?
    public var aisle: GroceryAisle?

    public init(name: String, quantity: Double? = nil, unit: String? = nil, aisle: GroceryAisle? = nil) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.aisle = aisle
    }
}
