import Foundation
import ZiaAPI

/// Scales a recipe to the household that eats it: each adult eats one portion, each kid a portion
/// for their age (0: a quarter, 1–3: 0.4, 4–8: 0.6, 9–13: 0.85, 14–17: one), so a couple with a
/// toddler cooks half of a recipe for four and a family of six adults half as much again. The
/// recipe's quantities (and so the plan's grocery list and what the pantry lacks) follow, rounded
/// as a cook measures: grams and millilitres to the nearest 5, spoons and cups to the quarter,
/// everything else to the half (never below it).
public enum Servings {
    /// The portions one kid of `age` eats.
    public static func portion(age: Int) -> Double {
        switch age {
        case ..<1: 0.25
        case 1...3: 0.4
        case 4...8: 0.6
        case 9...13: 0.85
        default: 1
        }
    }

    /// The portions the household eats at one meal.
    public static func portions(of household: HouseholdProfile) -> Double {
        Double(max(household.adults.count, 1)) + household.kids.reduce(0) { $0 + portion(age: $1.age) }
    }

    /// `recipe` for the household: `servings` the portions rounded up, every quantity times
    /// portions ÷ the recipe's servings, rounded as a cook measures.
    public static func scale(_ recipe: Recipe, for household: HouseholdProfile) -> Recipe {
        let portions = portions(of: household)
        guard recipe.servings > 0 else { return recipe }
        let factor = portions / Double(recipe.servings)
        var scaled = recipe
        scaled.servings = Int(portions.rounded(.up))
        scaled.ingredients = recipe.ingredients.map { ingredient in
            var copy = ingredient
            copy.quantity = round(ingredient.quantity * factor, unit: ingredient.unit)
            return copy
        }
        return scaled
    }

    /// A quantity rounded as a cook measures it in `unit`.
    public static func round(_ quantity: Double, unit: String) -> Double {
        switch unit.lowercased() {
        case "g", "ml": max(5, (quantity / 5).rounded() * 5)
        case "tbsp", "tsp", "cup", "cups": max(0.25, (quantity * 4).rounded() / 4)
        default: max(0.5, (quantity * 2).rounded() / 2)
        }
    }
}
