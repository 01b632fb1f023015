import Foundation
import ZiaAPI

/// A ``RecipeRetriever`` over recipes in memory, ranked by ``LexicalScorer`` over the title,
/// cuisine, tags and ingredient names.
public struct LexicalRecipeRetriever: RecipeRetriever {
    let recipes: [Recipe]

    public init(recipes: [Recipe]) { self.recipes = recipes }

    public func recipes(matching query: String, k: Int) async throws -> [Recipe] {
        let scorer = LexicalScorer(query)
        return scorer.top(recipes, k: k) { scorer.score(title: $0.title, body: [$0.cuisine] + $0.tags + $0.ingredients.map(\.name)) }
    }
}
