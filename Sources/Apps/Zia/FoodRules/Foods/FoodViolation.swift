/// One ingredient (or line, or label) that breaks one of the household's food rules.
public struct FoodViolation: Sendable, Equatable, Hashable {
    /// The ingredient or text as written; ``label`` for a recipe's `allergens` label.
    public var ingredient: String
    /// The rule broken: a canonical allergen (`peanut`, `milk`, …, `honey` or `whole_nut` for a kid
    /// of 0–2), a diet (`vegetarian`, `halal`, …), a rule kept as words as the family wrote it
    /// (`kiwi`), or ``unknownFood``.
    public var rule: String
    /// What the ingredient carries that breaks it: the allergen or category (`poultry` for
    /// vegetarian), the words, or for ``unknownFood`` the words the table could not read.
    public var carries: String

    public init(ingredient: String, rule: String, carries: String) {
        self.ingredient = ingredient
        self.rule = rule
        self.carries = carries
    }

    /// An allergen's violation: the rule is the allergen the ingredient carries.
    public init(ingredient: String, allergen: String) { self.init(ingredient: ingredient, rule: allergen, carries: allergen) }

    /// The rule of an ingredient the table cannot read, for a household with allergies or diets.
    public static let unknownFood = "unknown_food"
    /// The ``ingredient`` of a violation found on a recipe's `allergens` label.
    public static let label = "allergens label"
}
