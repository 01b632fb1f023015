/// Which ingredients carry which allergens, and how households write their allergies: the synonym
/// table behind ``AllergenCheck`` (the US FDA's 9 major allergens and the EU's 14, in the canonical
/// names `milk`, `egg`, `fish`, `crustacean`, `mollusc`, `tree_nut`, `peanut`, `wheat`, `gluten`,
/// `soy`, `sesame`, `celery`, `mustard`, `sulphite`, `lupin`, plus `honey` and `whole_nut` for
/// kids of 0–2).
///
/// An ingredient carries an allergen when one of the allergen's words or phrases occurs in it as
/// words (with inflections), unless that occurrence lies inside one of the allergen's safe
/// look-alikes ("coconut milk", "peanut butter" for milk, "water chestnut") or the ingredient says
/// it is free of it ("dairy-free cheese", "gluten-free pasta"). "Free of" is read per allergen:
/// "gluten-free" frees gluten only, not wheat (gluten-free foods may contain gluten-free wheat
/// starch), and "lactose-free milk" is still milk.
public struct AllergenTable: Sendable {
    /// One allergen's entry.
    struct Entry: Sendable {
        let canonical: String
        /// Words and phrases of ingredients and products that contain it.
        let contains: [String]
        /// Phrases that contain one of those words but not the allergen.
        let lookAlikes: [String]
        /// Words that, followed by "free", say an ingredient is free of it ("dairy" in "dairy-free").
        let freeFrom: [String]
    }

    /// The fifteen allergens of the FDA's and the EU's lists, as a recipe's `allergens` label names them.
    public static let canonical: [String] = [
        "milk", "egg", "fish", "crustacean", "mollusc", "tree_nut", "peanut", "wheat", "gluten", "soy", "sesame", "celery", "mustard", "sulphite", "lupin",
    ]
    /// What a kid of 0–2 must not be given, whatever the household's allergies.
    public static let infantHazards: [String] = ["honey", "whole_nut"]

    /// The table shipped with the project.
    public static let standard = AllergenTable(entries: StandardAllergens.entries, aliases: StandardAllergens.aliases)

    private let contains: PhraseIndex<String>
    private let lookAlikes: PhraseIndex<String>
    private let freeFrom: PhraseIndex<String>
    private let aliases: PhraseIndex<[String]>
    private static let free = Word("free")

    init(entries: [Entry], aliases: [String: [String]]) {
        contains = PhraseIndex(entries.flatMap { entry in entry.contains.map { ($0, entry.canonical) } })
        lookAlikes = PhraseIndex(entries.flatMap { entry in entry.lookAlikes.map { ($0, entry.canonical) } })
        freeFrom = PhraseIndex(entries.flatMap { entry in entry.freeFrom.map { ($0, entry.canonical) } })
        self.aliases = PhraseIndex(aliases.map { ($0.key, $0.value) })
    }

    /// The canonical allergens (of the fifteen) an ingredient or product carries, read from its
    /// words: what a recipe's `allergens` label should say.
    public func allergens(inIngredient name: String) -> Set<String> {
        allergens(in: WordSplitter.words(name)).subtracting(Self.infantHazards)
    }

    /// The infant hazards (`honey`, `whole_nut`) an ingredient carries.
    public func infantHazards(inIngredient name: String) -> Set<String> {
        allergens(in: WordSplitter.words(name)).intersection(Self.infantHazards)
    }

    /// The canonical allergens a household's allergy names: "Peanut allergy" → peanut, "dairy" →
    /// milk, "shellfish" → crustacean and mollusc, "nuts" → tree_nut and peanut (a household that
    /// writes "nuts" rarely means to allow peanuts), "celiac" → gluten; otherwise what it names as an
    /// ingredient carries ("walnuts" → tree_nut, "shrimp" → crustacean: the whole family). Empty
    /// when the table does not know it ("strawberries"): the check then matches it as free text.
    public func allergens(inAllergy text: String) -> Set<String> {
        let words = WordSplitter.words(text)
        let named = Set(aliases.longestMatches(in: words).flatMap(\.value))
        return named.isEmpty ? allergens(in: words).subtracting(["whole_nut"]) : named
    }

    /// Every allergen of the table (infant hazards included) the words carry.
    func allergens(in words: [Word]) -> Set<String> {
        let hits = contains.matches(in: words)
        guard !hits.isEmpty else { return [] }
        let safe = lookAlikes.matches(in: words)
        var freed = Set<String>()
        for match in freeFrom.matches(in: words) where match.range.upperBound < words.count && words[match.range.upperBound].meets(Self.free) {
            freed.insert(match.value)
        }
        var found = Set<String>()
        for hit in hits where !freed.contains(hit.value) {
            let isLookAlike = safe.contains { $0.value == hit.value && $0.range.lowerBound <= hit.range.lowerBound && hit.range.upperBound <= $0.range.upperBound }
            if !isLookAlike { found.insert(hit.value) }
        }
        return found
    }
}
