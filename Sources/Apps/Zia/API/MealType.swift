import Foundation

/// Which meal of the day a recipe (or a plan) is for: a corpus recipe's tag (`breakfast`,
/// `lunch`, `snack`; `dinner` otherwise) and what a meal goal asks for.
public enum MealType: String, Codable, Sendable, CaseIterable {
    case breakfast, lunch, dinner, snack

    /// The recipe's meal: its first meal tag, or dinner.
    public init(_ recipe: Recipe) {
        self = MealType.allCases.first { recipe.tags.contains($0.rawValue) } ?? .dinner
    }
}
