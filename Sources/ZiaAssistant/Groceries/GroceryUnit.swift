import Foundation
import ZiaAPI

/// A unit a quantity of groceries is written in, and how it converts: masses to grams, volumes to
/// millilitres, counts to pieces; any other unit (clove, can, pinch…) only adds to itself. Which
/// family a unit belongs to (metric, US kitchen, imperial weight) decides how a total is written
/// back for a shopper.
public struct GroceryUnit: Sendable, Hashable {
    /// What a unit measures: masses and volumes convert within themselves, never into each other
    /// (unless ``GroceryDensity`` knows the item).
    public enum Dimension: Sendable, Hashable {
        case mass, volume, count
        /// A unit of its own (`clove`, `can`): only equal units add up.
        case other(String)
    }

    /// How a unit is usually written back: metric (g, ml), US kitchen (tsp, tbsp, cup, fl oz) or imperial weight (oz, lb).
    public enum System: Sendable, Hashable { case metric, kitchen, imperial, none }

    public var name: String
    public var dimension: Dimension
    /// The unit in grams, millilitres or pieces (1 for units of their own).
    public var base: Double
    public var system: System

    /// The canonical spelling of a unit from any of its usual spellings ("Tablespoons" → tbsp,
    /// "lbs" → lb, "" → piece); an unknown unit is a unit of its own, lower-cased and singular.
    public init(_ raw: String?) {
        let spelled = (raw ?? "").lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: "."))
        if let known = Self.known[spelled] ?? Self.known[GroceryNames.singular(spelled)] {
            self = known
        } else {
            self.init(name: GroceryNames.singular(spelled), dimension: .other(GroceryNames.singular(spelled)), base: 1, system: .none)
        }
    }

    init(name: String, dimension: Dimension, base: Double, system: System) {
        self.name = name
        self.dimension = dimension
        self.base = base
        self.system = system
    }

    static let gram = GroceryUnit(name: "g", dimension: .mass, base: 1, system: .metric)
    static let millilitre = GroceryUnit(name: "ml", dimension: .volume, base: 1, system: .metric)
    static let piece = GroceryUnit(name: "piece", dimension: .count, base: 1, system: .none)

    static let known: [String: GroceryUnit] = {
        let units: [(GroceryUnit, [String])] = [
            (gram, ["g", "gram", "gramme", "gr"]),
            (GroceryUnit(name: "kg", dimension: .mass, base: 1000, system: .metric), ["kg", "kilogram", "kilogramme", "kilo"]),
            (GroceryUnit(name: "oz", dimension: .mass, base: 28.349523125, system: .imperial), ["oz", "ounce"]),
            (GroceryUnit(name: "lb", dimension: .mass, base: 453.59237, system: .imperial), ["lb", "lbs", "pound"]),
            (millilitre, ["ml", "millilitre", "milliliter", "cc"]),
            (GroceryUnit(name: "l", dimension: .volume, base: 1000, system: .metric), ["l", "litre", "liter", "ltr"]),
            (GroceryUnit(name: "tsp", dimension: .volume, base: 4.92892159375, system: .kitchen), ["tsp", "teaspoon"]),
            (GroceryUnit(name: "tbsp", dimension: .volume, base: 14.78676478125, system: .kitchen), ["tbsp", "tablespoon", "tbs", "tbl"]),
            (GroceryUnit(name: "cup", dimension: .volume, base: 236.5882365, system: .kitchen), ["cup"]),
            (GroceryUnit(name: "fl oz", dimension: .volume, base: 29.5735295625, system: .kitchen), ["fl oz", "floz", "fluid ounce", "fl. oz"]),
            (piece, ["", "piece", "pc", "pcs", "each", "ea", "whole", "item", "unit"]),
        ]
        var table: [String: GroceryUnit] = [:]
        for (unit, spellings) in units { for spelling in spellings { table[spelling] = unit } }
        return table
    }()
}

/// Grams per millilitre of the items a recipe writes by volume and a store sells by weight (flour,
/// sugar, butter…): only these let a volume and a mass of one item add up.
public enum GroceryDensity {
    static let gramsPerMillilitre: [String: Double] = [
        "flour": 0.53, "all-purpose flour": 0.53, "sugar": 0.85, "brown sugar": 0.93, "butter": 0.96, "water": 1.0, "milk": 1.03,
        "rice": 0.78, "honey": 1.42, "olive oil": 0.92, "oil": 0.92, "oat": 0.38, "rolled oat": 0.38, "salt": 1.2,
    ]

    /// The density of an item by its ``GroceryNames/key(_:)``; nil when unknown.
    public static func of(_ key: String) -> Double? { gramsPerMillilitre[key] }
}

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

/// A summed amount written as a shopper buys it, always rounded up: grams to 5 g (kilograms to
/// 0.1 kg from 1,000 g), millilitres to 5 ml (litres to 0.1 l); quantities written only in US
/// kitchen units as teaspoons to ½, tablespoons to ½, cups to ¼; only in ounces and pounds as whole
/// ounces or pounds to ¼; pieces and units of their own whole. Never "0.333 cup".
public enum GroceryRounding {
    public static func shopping(_ amount: GroceryAmount) -> (quantity: Double, unit: String) {
        let value = max(amount.value, 0)
        switch amount.dimension {
        case .mass:
            if amount.systems == [.imperial] {
                let ounces = value / 28.349523125
                return ounces < 16 ? (up(ounces, 1), "oz") : (up(ounces / 16, 0.25), "lb")
            }
            return value < 1000 ? (up(value, value < 10 ? 1 : 5), "g") : (up(value / 1000, 0.1), "kg")
        case .volume:
            if amount.systems == [.kitchen] {
                let teaspoons = value / 4.92892159375
                if teaspoons <= 3 { return (up(teaspoons, 0.5), "tsp") }
                if teaspoons <= 12 { return (up(teaspoons / 3, 0.5), "tbsp") }
                return (up(teaspoons / 48, 0.25), "cup")
            }
            return value < 1000 ? (up(value, value < 10 ? 1 : 5), "ml") : (up(value / 1000, 0.1), "l")
        case .count: return (up(value, 1), "piece")
        case .other(let unit): return (up(value, 1), unit)
        }
    }

    /// `value` rounded up to a multiple of `step` (a hair's tolerance, so 1.4000000001 stays 1.4), at most two decimals.
    static func up(_ value: Double, _ step: Double) -> Double {
        guard value > 0 else { return 0 }
        // Anything above zero is at least one step (a tiny amount is still something to buy, never -0).
        let steps = max(1, (value / step - 1e-9).rounded(.up))
        return ((steps * step) * 100).rounded() / 100
    }
}
