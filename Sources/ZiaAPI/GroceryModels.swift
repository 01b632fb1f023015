import Foundation
import PlatformAPI

/// The limits of grocery lists, pantry items and shopping sessions.
public enum GroceryRules {
    /// Item names: 1–100 characters once trimmed.
    public static let maxItemName = 100
    /// Units: at most 20 characters (`fl oz`, `tablespoons`).
    public static let maxUnit = 20
    /// Quantities: from 0 to 1,000,000.
    public static let maxQuantity = 1_000_000.0

    /// `amount` when it is a quantity a list may hold (finite, 0 to ``maxQuantity``; -0 as 0), else nil.
    public static func acceptable(_ amount: Double) -> Double? {
        guard amount.isFinite, amount >= 0, amount <= maxQuantity else { return nil }
        return amount == 0 ? 0 : amount
    }
    /// Items in one list to consolidate or shop.
    public static let maxItems = 500
}

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

    /// A checked line: its trimmed name, quantity and unit.
    public struct Line: Sendable, Equatable {
        public var name: String
        public var quantity: Double?
        public var unit: String?
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

/// The body of `POST /groceries/consolidate`: a list to merge, and whether to compare it with the
/// caller's pantry ("Use My Pantry").
public struct ConsolidateRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case items, usePantry = "use_pantry" }
    public var items: [GroceryItemInput]?
    public var usePantry: Bool?

    public init(items: [GroceryItemInput]?, usePantry: Bool? = nil) {
        self.items = items
        self.usePantry = usePantry
    }

    /// The checked request.
    public struct Valid: Sendable, Equatable {
        public var items: [GroceryItemInput.Line]
        public var usePantry: Bool
    }

    /// `items` required (at most 500), each line checked by ``GroceryItemInput/check(_:_:_:)``.
    public static func check(_ input: ConsolidateRequest) -> Checked<Valid> {
        var v = Validator()
        let items = GroceryItemInput.checkList(input.items, &v)
        return .from(v) { Valid(items: items, usePantry: input.usePantry ?? false) }
    }
}

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
