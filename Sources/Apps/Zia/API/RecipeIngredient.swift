import Foundation

/// One ingredient of a recipe: what, how much, in which unit and where to buy it.
public struct RecipeIngredient: Codable, Sendable, Equatable, Hashable {
    public var name: String
    public var quantity: Double
    /// `g`, `ml`, `cup`, `tbsp`, `tsp`, `piece`, `clove`, `can`, `slice`, `pinch`, …
    public var unit: String
    public var aisle: GroceryAisle

    public init(name: String, quantity: Double, unit: String, aisle: GroceryAisle) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.aisle = aisle
    }
}
