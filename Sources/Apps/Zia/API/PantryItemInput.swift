import Foundation
import PlatformAPI

/// The body of `POST /pantry` and `PUT /pantry/{id}`: a name, optionally a quantity in a unit and
/// an aisle (guessed from the name when absent).
public struct PantryItemInput: Codable, Sendable, Equatable {
    public var name: String?
    public var quantity: Double?
    public var unit: String?
    public var aisle: String?

    public init(name: String?, quantity: Double? = nil, unit: String? = nil, aisle: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.aisle = aisle
    }

    /// The quick units, as the pantry screen offers them (docs/zia.md, "Offline pantry and shopping list"); any other unit is accepted too.
    public static let quickUnits = ["pieces", "grams", "kg", "ounces", "pounds", "ml", "liters", "tsp", "tbsp", "cups"]

    /// A checked pantry item.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var quantity: Double?
        public var unit: String?
        public var aisle: GroceryAisle?
    }

    /// The line's rules (``GroceryItemInput/check(_:_:_:)``) and `aisle` one of ``GroceryAisle`` when given.
    public static func check(_ input: PantryItemInput) -> Checked<Entry> {
        var v = Validator()
        let line = GroceryItemInput.check(GroceryItemInput(name: input.name, quantity: input.quantity, unit: input.unit), "", &v)
        let aisle = input.aisle.flatMap { v.requireEnum($0, "aisle", as: GroceryAisle.self) }
        return .from(v) { line.map { Entry(name: $0.name, quantity: $0.quantity, unit: $0.unit, aisle: aisle) } }
    }
}
