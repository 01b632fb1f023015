import Foundation
import ZiaAPI

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
