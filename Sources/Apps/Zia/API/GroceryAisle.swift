import Foundation

/// Where an ingredient is found in a store: how a grocery list is grouped.
public enum GroceryAisle: String, Codable, Sendable, CaseIterable {
    case produce, dairy, meat, seafood, bakery, pantry, frozen, spices, beverages, other
}
