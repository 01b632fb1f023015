import ZiaAPI

/// The deterministic allergen check of a household, run on every recipe and grocery item before a
/// plan is shown: reads every ingredient's own words (never a recipe's `allergens` label, so a
/// mislabelled or invented recipe is caught) against the household's allergies, resolved through
/// ``AllergenTable`` to canonical allergens; allergies the table does not know ("strawberries",
/// "kiwi") are matched as words in the ingredient. A household with a kid of 0–2 also avoids
/// `honey` and `whole_nut`.
public struct AllergenCheck: Sendable {
    /// The canonical allergens avoided (infant hazards included).
    public let allergens: Set<String>
    private let freeText: PhraseIndex<String>
    private let table: AllergenTable

    /// `allergies`: as the household wrote them (the household's allergies and every kid's dietary
    /// restrictions); one entry may name several ("peanuts, kiwi", "eggs and milk").
    public init(allergies: [String], kidAges: [Int], table: AllergenTable = .standard) {
        var allergens = Set<String>()
        var freeText: [(phrase: String, value: String)] = []
        for part in allergies.flatMap(Self.parts) {
            let known = table.allergens(inAllergy: part)
            if known.isEmpty {
                let phrase = WordSplitter.words(part).map(\.text).filter { !Self.filler.contains($0) }.joined(separator: " ")
                if !phrase.isEmpty { freeText.append((phrase, phrase)) }
            } else {
                allergens.formUnion(known)
            }
        }
        if kidAges.contains(where: (0...2).contains) { allergens.formUnion(AllergenTable.infantHazards) }
        self.allergens = allergens
        self.freeText = PhraseIndex(freeText)
        self.table = table
    }

    /// Nothing to avoid: every recipe is safe.
    public var isEmpty: Bool { allergens.isEmpty && freeText.isEmpty }

    /// The allergens one ingredient (or product) carries that this household avoids, sorted.
    public func violations(inIngredient name: String) -> [AllergenViolation] {
        guard !isEmpty else { return [] }
        let words = WordSplitter.words(name)
        let carried = table.allergens(in: words).intersection(allergens).union(freeText.matches(in: words).map(\.value))
        return carried.sorted().map { AllergenViolation(ingredient: name, allergen: $0) }
    }

    /// Every ingredient of the recipe that carries an allergen the household avoids.
    public func violations(in recipe: Recipe) -> [AllergenViolation] { recipe.ingredients.flatMap { violations(inIngredient: $0.name) } }

    public func isSafe(_ recipe: Recipe) -> Bool { violations(in: recipe).isEmpty }

    /// A grocery item that carries an allergen the household avoids.
    public func violations(inGroceryItem item: GroceryList.Item) -> [AllergenViolation] { violations(inIngredient: item.name) }

    /// Every item of a grocery list (all aisles, in aisle order) that carries an allergen the household avoids.
    public func violations(in list: GroceryList) -> [AllergenViolation] {
        list.aisles.sorted { $0.key < $1.key }.flatMap { $0.value.flatMap(violations(inGroceryItem:)) }
    }

    /// Splits "peanuts, kiwi and eggs" into its allergies.
    private static func parts(_ allergy: String) -> [String] {
        allergy.lowercased().split(whereSeparator: { ",;/&+\n".contains($0) }).flatMap { $0.components(separatedBy: " and ") }.flatMap { $0.components(separatedBy: " or ") }
    }

    /// Words around an allergy that are not the allergen ("severe kiwi allergy" → "kiwi").
    private static let filler: Set<String> = [
        "allergy", "allergies", "allergic", "intolerance", "intolerant", "sensitivity", "sensitive", "severe", "mild", "to", "no", "avoid", "anaphylaxis",
        "anaphylactic", "free",
    ]
}
