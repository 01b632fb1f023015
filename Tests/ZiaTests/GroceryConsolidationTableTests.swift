import Testing
import ZiaAPI
import ZiaAssistant

/// The consolidation's pure rules, as tables: names, units, rounding, aisles and merged lists.
@Suite("Zia grocery consolidation table")
struct GroceryConsolidationTableTests {
    @Test(
        "names are normalised: case, spaces, punctuation, modifiers, plurals",
        arguments: [
            ("Tomatoes", "tomato"), ("  Fresh   Basil ", "basil"), ("organic whole milk", "milk"), ("Sliced Mushrooms", "mushroom"),
            ("diced onions,", "onion"), ("Chicken Breasts", "chicken breast"), ("berries", "berry"), ("peaches", "peach"), ("eggs", "egg"),
            ("hummus", "hummus"), ("frozen peas", "pea"), ("chopped  fresh parsley", "parsley"), ("Whole", "whole"), ("bay leaves", "bay leaf"), (" *** ", "***"),
        ])
    func names(_ raw: String, _ key: String) {
        #expect(GroceryNames.key(raw) == key)
    }

    /// A quantity in a unit and what it is in base units.
    struct UnitCase: Sendable, CustomTestStringConvertible {
        let quantity: Double, unit: String, dimension: GroceryUnit.Dimension, base: Double
        init(_ quantity: Double, _ unit: String, _ dimension: GroceryUnit.Dimension, _ base: Double) {
            (self.quantity, self.unit, self.dimension, self.base) = (quantity, unit, dimension, base)
        }
        var testDescription: String { "\(quantity) \(unit)" }
    }

    static let unitCases: [UnitCase] = [
        UnitCase(1, "kg", .mass, 1000), UnitCase(1, "lb", .mass, 453.59237), UnitCase(16, "oz", .mass, 453.59237), UnitCase(2, "Pounds", .mass, 907.18474),
        UnitCase(1, "l", .volume, 1000), UnitCase(1, "cup", .volume, 236.5882365), UnitCase(3, "tsp", .volume, 14.78676478125),
        UnitCase(1, "tablespoon", .volume, 14.78676478125), UnitCase(8, "fl oz", .volume, 236.5882365), UnitCase(2, "pieces", .count, 2), UnitCase(2, "", .count, 2),
        UnitCase(3, "cloves", .other("clove"), 3), UnitCase(1, "can", .other("can"), 1),
    ]

    @Test("units convert within mass, volume and count; other units stay their own", arguments: unitCases)
    func units(_ row: UnitCase) {
        let amount = GroceryAmount(quantity: row.quantity, unit: row.unit)
        #expect(amount.dimension == row.dimension)
        #expect(abs(amount.value - row.base) < 1e-6)
    }

    /// Quantities of one item and the line they consolidate into.
    struct RoundingCase: Sendable, CustomTestStringConvertible {
        let parts: [GroceryEntry], quantity: Double, unit: String
        init(_ parts: [(Double, String)], _ quantity: Double, _ unit: String) {
            self.parts = parts.map { GroceryEntry(name: "thing", quantity: $0.0, unit: $0.1, aisle: .other) }
            (self.quantity, self.unit) = (quantity, unit)
        }
        var testDescription: String { parts.map { "\($0.quantity ?? 0) \($0.unit ?? "")" }.joined(separator: " + ") + " → \(quantity) \(unit)" }
    }

    static let roundingCases: [RoundingCase] = [
        RoundingCase([(300, "g")], 300, "g"), RoundingCase([(1, "kg"), (400, "g")], 1.4, "kg"), RoundingCase([(333, "g")], 335, "g"),
        RoundingCase([(1.01, "kg")], 1.1, "kg"), RoundingCase([(600, "ml"), (0.5, "l")], 1.1, "l"), RoundingCase([(1.0 / 3, "cup")], 0.5, "cup"),
        RoundingCase([(1, "cup"), (2, "tbsp")], 1.25, "cup"), RoundingCase([(2, "tbsp"), (1, "tsp")], 2.5, "tbsp"), RoundingCase([(0.5, "tsp"), (0.25, "tsp")], 1, "tsp"),
        RoundingCase([(8, "oz"), (12, "oz")], 1.25, "lb"), RoundingCase([(5, "oz")], 5, "oz"), RoundingCase([(1, "lb"), (200, "g")], 655, "g"),
        RoundingCase([(1, "cup"), (100, "ml")], 340, "ml"), RoundingCase([(0.5, "piece"), (1, "")], 2, "piece"), RoundingCase([(1.5, "clove")], 2, "clove"),
    ]

    @Test("totals are written as a shopper buys them, rounded up, never 0.333 cup", arguments: roundingCases)
    func rounding(_ row: RoundingCase) {
        let list = GroceryConsolidator.consolidate(row.parts)
        #expect(list.aisles["other"] == [GroceryList.Item(name: "thing", quantity: row.quantity, unit: row.unit)])
    }

    @Test(
        "aisles are guessed from the longest known phrase",
        arguments: [
            ("tomatoes", GroceryAisle.produce), ("bell pepper", .produce), ("black pepper", .spices), ("whole milk", .dairy), ("chicken breast", .meat),
            ("salmon fillets", .seafood), ("sourdough bread", .bakery), ("ice cream", .frozen), ("frozen dumplings", .frozen), ("ground cumin", .spices),
            ("spaghetti", .pantry), ("coconut milk", .pantry), ("orange juice", .beverages), ("dish soap", .other),
        ])
    func aisles(_ name: String, _ aisle: GroceryAisle) {
        #expect(GroceryAisles.guess(name) == aisle)
    }

    @Test("one item written many ways is one line; a volume and a mass add up only for a known density; an item without quantity is one line without one")
    func consolidation() {
        let list = GroceryConsolidator.consolidate([
            GroceryEntry(name: "Tomatoes", quantity: 2), GroceryEntry(name: "fresh tomato", quantity: 1, unit: "piece"), GroceryEntry(name: "tomato", quantity: 200, unit: "g"),
            GroceryEntry(name: "flour", quantity: 1, unit: "cup"), GroceryEntry(name: "Flour", quantity: 500, unit: "g"),
            GroceryEntry(name: "Salt"), GroceryEntry(name: "salt", quantity: 1, unit: "tsp"), GroceryEntry(name: "Basil"),
        ])
        #expect(
            list.aisles["produce"] == [
                .init(name: "basil", quantity: nil, unit: nil), .init(name: "tomato", quantity: 200, unit: "g"), .init(name: "tomato", quantity: 3, unit: "piece"),
            ])
        #expect(list.aisles["pantry"] == [.init(name: "flour", quantity: 630, unit: "g")])
        #expect(list.aisles["spices"] == [.init(name: "salt", quantity: 1, unit: "tsp")])
    }
}
