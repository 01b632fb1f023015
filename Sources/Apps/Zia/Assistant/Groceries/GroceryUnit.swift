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
