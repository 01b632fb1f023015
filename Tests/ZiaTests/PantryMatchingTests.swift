import Testing
import ZiaAPI
import ZiaAssistant

/// The pantry-aware list's rules as pure logic: the seed's four matching examples and the quantity cases.
@Suite("Zia pantry matching")
struct PantryMatchingTests {
    static func missing(_ list: [GroceryEntry], pantry: [GroceryEntry]) -> MissingGroceryList {
        PantryMatcher(pantry: pantry).missing(from: GroceryConsolidator.totals(of: list))
    }

    @Test(
        "the seed's examples: tomato ↔ tomatoes, chicken ↔ chicken breast, fresh basil ↔ basil; milk never matches almond or coconut milk",
        arguments: [
            ("tomato", "tomatoes", true), ("tomatoes", "tomato", true), ("chicken", "chicken breast", true), ("fresh basil", "basil", true),
            ("basil", "fresh basil", true), ("milk", "almond milk", false), ("milk", "coconut milk", false), ("chicken breast", "chicken", false),
            ("Onion", "red onion", false), ("egg", "eggplant", false),
        ])
    func matching(_ pantry: String, _ item: String, _ matches: Bool) {
        let matcher = PantryMatcher(pantry: [GroceryEntry(name: pantry)])
        #expect((matcher.match(GroceryNames.key(item)) != nil) == matches)
        let result = Self.missing([GroceryEntry(name: item)], pantry: [GroceryEntry(name: pantry)])
        #expect(result.meta.itemsRemoved == (matches ? [GroceryNames.key(item)] : []))
    }

    @Test("the exact pantry name wins over a leading one")
    func exactFirst() {
        let matcher = PantryMatcher(pantry: [GroceryEntry(name: "chicken"), GroceryEntry(name: "chicken breasts")])
        #expect(matcher.match("chicken breast") == "chicken breast")
        #expect(matcher.match("chicken thigh") == "chicken")
    }

    /// What is needed, what is on hand, and what is left to buy (nil: the item is removed).
    struct QuantityCase: Sendable, CustomTestStringConvertible {
        let need: Double, needUnit: String, have: Double, haveUnit: String, left: Double?, leftUnit: String
        init(_ need: Double, _ needUnit: String, _ have: Double, _ haveUnit: String, _ left: Double?, _ leftUnit: String = "") {
            (self.need, self.needUnit, self.have, self.haveUnit, self.left, self.leftUnit) = (need, needUnit, have, haveUnit, left, leftUnit)
        }
        var testDescription: String { "need \(need) \(needUnit), have \(have) \(haveUnit)" }
    }

    static let quantityCases: [QuantityCase] = [
        QuantityCase(750, "g", 500, "g", 250, "g"), QuantityCase(750, "g", 1, "kg", nil), QuantityCase(2, "kg", 500, "g", 1.5, "kg"),
        QuantityCase(1, "lb", 8, "oz", 8, "oz"), QuantityCase(2, "cup", 1, "cup", 1, "cup"), QuantityCase(1, "l", 250, "ml", 750, "ml"),
        QuantityCase(6, "piece", 2, "pieces", 4, "piece"), QuantityCase(3, "", 5, "piece", nil), QuantityCase(2, "cup", 100, "g", 1.75, "cup"),
        QuantityCase(500, "g", 200, "g", 300, "g"),
    ]

    @Test("quantities: the pantry's amount is taken off what is needed, after converting units", arguments: quantityCases)
    func quantities(_ row: QuantityCase) {
        let name = row.needUnit == "cup" && row.haveUnit == "g" ? "sugar" : "potato"
        let result = Self.missing([GroceryEntry(name: name, quantity: row.need, unit: row.needUnit)], pantry: [GroceryEntry(name: name, quantity: row.have, unit: row.haveUnit)])
        let lines = result.aisles.values.flatMap { $0 }
        if let left = row.left {
            #expect(lines == [GroceryList.Item(name: name, quantity: left, unit: row.leftUnit)])
            #expect(result.meta.itemsReduced == [name] && result.meta.itemsRemoved.isEmpty)
        } else {
            #expect(lines.isEmpty)
            #expect(result.meta.itemsRemoved == [name] && result.meta.itemsRemovedCount == 1 && result.meta.itemsReduced.isEmpty)
        }
    }

    @Test("no quantity on either side removes the item; units that do not convert keep it; one pantry amount is not used twice")
    func edges() {
        let result = Self.missing(
            [
                GroceryEntry(name: "salt"), GroceryEntry(name: "rice", quantity: 500, unit: "g"), GroceryEntry(name: "beans", quantity: 2, unit: "can"),
                GroceryEntry(name: "chicken breast", quantity: 300, unit: "g"), GroceryEntry(name: "chicken", quantity: 300, unit: "g"), GroceryEntry(name: "lettuce"),
            ],
            pantry: [
                GroceryEntry(name: "salt", quantity: 1, unit: "kg"), GroceryEntry(name: "rice"), GroceryEntry(name: "beans", quantity: 400, unit: "g"),
                GroceryEntry(name: "chicken", quantity: 400, unit: "g"),
            ])
        #expect(result.meta.itemsRemoved == ["salt", "rice", "chicken breast"])
        #expect(result.meta.itemsReduced == ["chicken"])
        #expect(result.aisles["meat"] == [.init(name: "chicken", quantity: 200, unit: "g")])
        #expect(result.aisles["pantry"] == [.init(name: "bean", quantity: 2, unit: "can")])
        #expect(result.aisles["produce"] == [.init(name: "lettuce", quantity: nil, unit: nil)])
        #expect(result.meta.pantryFiltered)
    }

    @Test("a plan's list less the pantry keeps each line's aisle")
    func planList() {
        let grocery = GroceryList(aisles: [
            "produce": [.init(name: "tomato", quantity: 4, unit: "piece"), .init(name: "lettuce", quantity: 1, unit: "piece")],
            "meat": [.init(name: "chicken breast", quantity: 500, unit: "g"), .init(name: "ground beef", quantity: 400, unit: "g")],
        ])
        let result = PantryMatcher(pantry: [GroceryEntry(name: "tomatoes"), GroceryEntry(name: "chicken")]).missing(from: grocery)
        #expect(result.aisles == ["produce": [.init(name: "lettuce", quantity: 1, unit: "piece")], "meat": [.init(name: "ground beef", quantity: 400, unit: "g")]])
        #expect(Set(result.meta.itemsRemoved) == ["tomato", "chicken breast"])
    }
}
