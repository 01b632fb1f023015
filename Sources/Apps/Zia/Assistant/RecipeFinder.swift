import Foundation
import ZiaAPI
import ZiaSafety

/// Finds the recipes a plan may use: the nearest to a query that are safe for the household's food
/// rules, for the meal asked for (a purée only when asked for: it is baby food), the ones the
/// youngest kid is old enough for first. Exists so the meal planner, a follow-up that revises a
/// plan and a saved plan's swapped day all draw from the same fit recipes.
public struct RecipeFinder: Sendable {
    let recipes: any RecipeRetriever

    /// Recipes one retrieval asks for per recipe wanted.
    static let overFetch = 3
    /// The most recipes one retrieval asks for while looking for enough fit ones.
    static let maxFetch = 192

    public init(recipes: any RecipeRetriever) {
        self.recipes = recipes
    }

    /// Whether `recipe` may be planned for `request` under `check`: safe, for that meal, and a purée
    /// only when `purees`.
    public static func fits(_ recipe: Recipe, check: FoodCheck, request: MealRequest, purees: Bool = false) -> Bool {
        guard check.isSafe(recipe) else { return false }
        if recipe.tags.contains("puree") { return purees }
        return request.serves(recipe)
    }

    /// The `want` nearest fit recipes to `query`. Asks for ``overFetch`` × `want`, and while fewer
    /// than `want` fit and suit the youngest, twice as many (up to ``maxFetch``) — a household with
    /// many rules still gets its days when the corpus holds them. Answers everything fetched (what
    /// a model's plan may name) and the picks: age-suitable ones first, then the others youngest
    /// first (the planner's fallback, a year older, is among them).
    public func find(
        _ query: String, want: Int, check: FoodCheck, youngest: Int?, purees: Bool = false, request: MealRequest = MealRequest()
    ) async throws -> (fetched: [Recipe], fit: [Recipe]) {
        var ask = want * Self.overFetch
        while true {
            try Task.checkCancellation()
            let fetched = try await recipes.recipes(matching: query, k: ask)
            let fit = fetched.filter { Self.fits($0, check: check, request: request, purees: purees) }
            let suitable = fit.filter { recipe in youngest.map { recipe.minAge <= $0 } ?? true }
            if suitable.count >= want || fetched.count < ask || ask >= Self.maxFetch {
                let others = fit.enumerated().filter { !suitable.contains($0.element) }.sorted { ($0.element.minAge, $0.offset) < ($1.element.minAge, $1.offset) }
                return (fetched, Array((suitable + others.map(\.element)).prefix(want)))
            }
            ask = min(ask * 2, Self.maxFetch)
        }
    }
}
