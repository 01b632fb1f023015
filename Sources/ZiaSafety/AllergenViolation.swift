/// One ingredient that carries an allergen the household must avoid.
public struct AllergenViolation: Sendable, Equatable, Hashable {
    public var ingredient: String
    /// The canonical allergen (`peanut`, `milk`, `gluten`, …, `honey` or `whole_nut` for a kid of
    /// 0–2), or a free-text allergy as the household wrote it (`strawberries`).
    public var allergen: String

    public init(ingredient: String, allergen: String) {
        self.ingredient = ingredient
        self.allergen = allergen
    }
}
