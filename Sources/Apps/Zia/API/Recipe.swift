import Foundation

/// A recipe of the shipped corpus (or one a model proposed): what the meal planner retrieves,
/// checks for allergens ingredient by ingredient, and returns in a plan's `recipes`.
public struct Recipe: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, title, cuisine, ingredients, allergens, tags, steps, servings
        case kidFriendly = "kid_friendly", minAge = "min_age", prepMinutes = "prep_minutes"
    }
    /// A stable slug (`"lemon-chicken-orzo"`).
    public var id: String
    public var title: String
    /// Lower-case (`italian`, `mexican`, `asian`, …).
    public var cuisine: String
    public var ingredients: [RecipeIngredient]
    /// The allergens the corpus labels the recipe with (canonical names, see ZiaSafety); the safety
    /// check reads the ingredients themselves, never only this label.
    public var allergens: [String]
    public var tags: [String]
    public var kidFriendly: Bool
    /// The youngest age in years the recipe suits (0: any).
    public var minAge: Int
    public var prepMinutes: Int
    public var servings: Int
    public var steps: [String]

    public init(
        id: String, title: String, cuisine: String, ingredients: [RecipeIngredient], allergens: [String], tags: [String], kidFriendly: Bool, minAge: Int = 0,
        prepMinutes: Int, servings: Int = 4, steps: [String]
    ) {
        self.id = id
        self.title = title
        self.cuisine = cuisine
        self.ingredients = ingredients
        self.allergens = allergens
        self.tags = tags
        self.kidFriendly = kidFriendly
        self.minAge = minAge
        self.prepMinutes = prepMinutes
        self.servings = servings
        self.steps = steps
    }
}
