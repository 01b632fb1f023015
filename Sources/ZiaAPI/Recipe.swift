import Foundation

/// Where an ingredient is found in a store: how a grocery list is grouped.
public enum GroceryAisle: String, Codable, Sendable, CaseIterable {
    case produce, dairy, meat, seafood, bakery, pantry, frozen, spices, beverages, other
}

/// One ingredient of a recipe: what, how much, in which unit and where to buy it.
public struct RecipeIngredient: Codable, Sendable, Equatable, Hashable {
    public var name: String
    public var quantity: Double
    /// `g`, `ml`, `cup`, `tbsp`, `tsp`, `piece`, `clove`, `can`, `slice`, `pinch`, …
    public var unit: String
    public var aisle: GroceryAisle

    public init(name: String, quantity: Double, unit: String, aisle: GroceryAisle) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.aisle = aisle
    }
}

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

/// The domains of the parenting knowledge base the generic agent retrieves from.
public enum KnowledgeDomain: String, Codable, Sendable, CaseIterable {
    case safety, discipline, development, tips, sleep, routines, chores, nutrition
}

/// One article of the parenting knowledge base shipped with Zia.
public struct KnowledgeArticle: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case id, domain, title, body, tags, minAge = "min_age", maxAge = "max_age" }
    public var id: String
    public var domain: KnowledgeDomain
    public var title: String
    public var body: String
    public var tags: [String]
    /// The ages in years the article is for (0–17 when for all).
    public var minAge: Int
    public var maxAge: Int

    public init(id: String, domain: KnowledgeDomain, title: String, body: String, tags: [String], minAge: Int = 0, maxAge: Int = 17) {
        self.id = id
        self.domain = domain
        self.title = title
        self.body = body
        self.tags = tags
        self.minAge = minAge
        self.maxAge = maxAge
    }
}

/// A grocery list grouped by aisle: each aisle's items with their summed quantities.
public struct GroceryList: Codable, Sendable, Equatable {
    /// One line of the list: a quantity and unit rounded to what a shopper buys, or both null for
    /// an item listed without one ("salt").
    public struct Item: Codable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case name, quantity, unit }
        public var name: String
        public var quantity: Double?
        public var unit: String?

        public init(name: String, quantity: Double?, unit: String?) {
            self.name = name
            self.quantity = quantity
            self.unit = unit
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(quantity, forKey: .quantity)
            try container.encode(unit, forKey: .unit)
        }
    }
    /// Aisle name (``GroceryAisle``'s raw value) → items, sorted by name.
    public var aisles: [String: [Item]]

    public init(aisles: [String: [Item]] = [:]) { self.aisles = aisles }
}

/// Which meal of the day a recipe (or a plan) is for: a corpus recipe's tag (`breakfast`,
/// `lunch`, `snack`; `dinner` otherwise) and what a meal goal asks for.
public enum MealType: String, Codable, Sendable, CaseIterable {
    case breakfast, lunch, dinner, snack

    /// The recipe's meal: its first meal tag, or dinner.
    public init(_ recipe: Recipe) {
        self = MealType.allCases.first { recipe.tags.contains($0.rawValue) } ?? .dinner
    }
}
