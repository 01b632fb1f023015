import Foundation
import PlatformAPI

/// One line of a list as a client sends it: a name, and optionally how much in which unit.
public struct GroceryItemInput: Codable, Sendable, Equatable {
    public var name: String?
    public var quantity: Double?
    public var unit: String?

    public init(name: String?, quantity: Double? = nil, unit: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
    }

    /// A checked line: its trimmed name, quantity and unit, as a body holding lines sends it.
    public struct Line: Codable, Sendable, Equatable {
        public var name: String
        public var quantity: Double?
        public var unit: String?

        public init(name: String, quantity: Double? = nil, unit: String? = nil) {
            self.name = name
            self.quantity = quantity
            self.unit = unit
        }

        /// This line as the server reads it.
        public var input: GroceryItemInput { GroceryItemInput(name: name, quantity: quantity, unit: unit) }
    }

    /// `name` 1–100 characters once trimmed; `quantity` from 0 to 1,000,000 when given; `unit` at
    /// most 20 characters when given (blank is none). Fields are named `<prefix>name`, … .
    public static func check(_ input: GroceryItemInput, _ prefix: String, _ v: inout Validator) -> Line? {
        let name = v.requireText(input.name, prefix + "name", maxLength: GroceryRules.maxItemName)
        if let quantity = input.quantity {
            v.check(GroceryRules.acceptable(quantity) != nil, prefix + "quantity", "must be a number from 0 to 1000000")
        }
        let unit = v.optionalText(input.unit, prefix + "unit", maxLength: GroceryRules.maxUnit)
        return name.map { Line(name: $0, quantity: input.quantity.flatMap(GroceryRules.acceptable), unit: unit) }
    }

    /// Every line of `items` (required, at most ``GroceryRules/maxItems``), each field named `items[i].name`, … .
    public static func checkList(_ items: [GroceryItemInput]?, _ v: inout Validator, required: Bool = true) -> [Line] {
        guard let items else {
            if required { v.fail("items", "is required") }
            return []
        }
        guard items.count <= GroceryRules.maxItems else {
            v.fail("items", "must hold at most \(GroceryRules.maxItems) items (got \(items.count))")
            return []
        }
        return items.enumerated().compactMap { check($0.element, "items[\($0.offset)].", &v) }
    }
}
