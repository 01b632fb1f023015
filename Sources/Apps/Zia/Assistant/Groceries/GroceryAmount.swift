import Foundation
import ZiaAPI

/// An amount of one item in base units (grams, millilitres, pieces, or a unit of its own), with the
/// systems it was written in: what consolidation sums and pantry matching subtracts.
public struct GroceryAmount: Sendable, Equatable {
    public var dimension: GroceryUnit.Dimension
    public var value: Double
    /// Every system the summed quantities were written in (how the total is written back).
    public var systems: Set<GroceryUnit.System>

    public init(quantity: Double, unit: String?) {
        let parsed = GroceryUnit(unit)
        dimension = parsed.dimension
        value = quantity * parsed.base
        systems = [parsed.system]
    }

    init(dimension: GroceryUnit.Dimension, value: Double, systems: Set<GroceryUnit.System>) {
        self.dimension = dimension
        self.value = value
        self.systems = systems
    }

    /// This amount in `dimension` when it converts for an item of `key` (a volume of flour as a
    /// mass); nil when it does not.
    public func converted(to target: GroceryUnit.Dimension, key: String) -> GroceryAmount? {
        if target == dimension { return self }
        guard let density = GroceryDensity.of(key) else { return nil }
        switch (dimension, target) {
        case (.volume, .mass): return GroceryAmount(dimension: .mass, value: value * density, systems: systems)
        case (.mass, .volume): return GroceryAmount(dimension: .volume, value: value / density, systems: systems)
        default: return nil
        }
    }

    /// The amount as a shopper reads it, rounded up to what is bought (``GroceryRounding``).
    public var shopping: (quantity: Double, unit: String) { GroceryRounding.shopping(self) }
}
