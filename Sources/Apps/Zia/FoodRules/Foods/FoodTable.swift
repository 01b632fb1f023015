/// What foods carry, read from their words: the table behind ``FoodCheck``. It knows the US FDA's 9
/// major allergens and the EU's 14, in the canonical names `milk`, `egg`, `fish`, `crustacean`,
/// `mollusc`, `tree_nut`, `peanut`, `wheat`, `gluten`, `soy`, `sesame`, `celery`, `mustard`,
/// `sulphite`, `lupin`; the infant hazards `honey` and `whole_nut` (kids of 0–2); and the
/// categories diets exclude: `pork`, `beef`, `lamb`, `poultry`, `meat`, `gelatin`, `alcohol`. It
/// also knows plain foods that carry none of these, so an ingredient it cannot read at all
/// ("mystery paste") is told apart from one it read as safe.
///
/// An ingredient carries a tag when one of the tag's words or phrases occurs in it as words (with
/// inflections), unless that occurrence lies inside one of the tag's safe look-alikes ("coconut
/// milk", "peanut butter" for milk, "water chestnut", "turkey bacon" for pork), follows a word
/// that makes it a substitute ("vegetarian sausage", "vegan cheese"), or the ingredient says it is
/// free of it ("dairy-free cheese", "gluten-free pasta", "alcohol-free vanilla"). "Free of" is read
/// per tag: "gluten-free" frees gluten only, not wheat (gluten-free foods may contain gluten-free
/// wheat starch), and "lactose-free milk" is still milk.
public struct FoodTable: Sendable {
    /// One tag's entry.
    struct Entry: Sendable {
        let canonical: String
        /// Words and phrases of ingredients and products that carry it.
        let contains: [String]
        /// Phrases that contain one of those words but do not carry it.
        let lookAlikes: [String]
        /// Words that, followed by "free", say an ingredient is free of it ("dairy" in "dairy-free").
        let freeFrom: [String]
        /// Words that, just before one of its words (or one word earlier), make a substitute of it
        /// ("vegan" in "vegan cheese" and "vegan cream cheese").
        var substitutes: [String] = []
    }

    /// The fifteen allergens of the FDA's and the EU's lists, as a recipe's `allergens` label names them.
    public static let canonical: [String] = [
        "milk", "egg", "fish", "crustacean", "mollusc", "tree_nut", "peanut", "wheat", "gluten", "soy", "sesame", "celery", "mustard", "sulphite", "lupin",
    ]
    /// What a kid of 0–2 must not be given, whatever the household's allergies.
    public static let infantHazards: [String] = ["honey", "whole_nut"]
    /// What diets exclude beyond the allergens (``Diet``).
    public static let categories: [String] = ["pork", "beef", "lamb", "poultry", "meat", "gelatin", "alcohol"]

    /// The table shipped with the project.
    public static let standard = FoodTable(
        entries: StandardAllergens.entries + StandardFoods.categories, aliases: StandardAllergens.aliases, plainFoods: StandardFoods.plain,
        descriptors: StandardFoods.descriptors, forms: StandardFoods.forms)

    private let contains: PhraseIndex<String>
    private let lookAlikes: PhraseIndex<String>
    private let freeFrom: PhraseIndex<String>
    private let substitutes: PhraseIndex<String>
    private let aliases: PhraseIndex<[String]>
    private let plainFoods: PhraseIndex<Bool>
    private let descriptors: Set<String>
    private let forms: Set<String>
    private static let free = Word("free")
    /// Words that join two foods rather than describe one.
    static let joining: Set<String> = ["and", "or", "with", "plus", "n"]

    init(entries: [Entry], aliases: [String: [String]], plainFoods: [String] = [], descriptors: [String] = [], forms: [String] = []) {
        contains = PhraseIndex(entries.flatMap { entry in entry.contains.map { ($0, entry.canonical) } })
        lookAlikes = PhraseIndex(entries.flatMap { entry in entry.lookAlikes.map { ($0, entry.canonical) } })
        freeFrom = PhraseIndex(entries.flatMap { entry in entry.freeFrom.map { ($0, entry.canonical) } })
        substitutes = PhraseIndex(entries.flatMap { entry in entry.substitutes.map { ($0, entry.canonical) } })
        self.aliases = PhraseIndex(aliases.map { ($0.key, $0.value) })
        self.plainFoods = PhraseIndex(plainFoods.map { ($0, true) })
        self.descriptors = Set(descriptors.flatMap { WordSplitter.words($0).map(\.text) })
        self.forms = Set(forms.flatMap { WordSplitter.words($0).map(\.text) })
    }

    /// The canonical allergens (of the fifteen) an ingredient or product carries, read from its
    /// words: what a recipe's `allergens` label should say.
    public func allergens(inIngredient name: String) -> Set<String> {
        tags(in: WordSplitter.words(name)).intersection(Self.canonical)
    }

    /// The infant hazards (`honey`, `whole_nut`) an ingredient carries.
    public func infantHazards(inIngredient name: String) -> Set<String> {
        tags(in: WordSplitter.words(name)).intersection(Self.infantHazards)
    }

    /// The diet categories (`pork`, `poultry`, `alcohol`, …) an ingredient carries.
    public func categories(inIngredient name: String) -> Set<String> {
        tags(in: WordSplitter.words(name)).intersection(Self.categories)
    }

    /// The words of an ingredient the table cannot read: not part of a food it knows (one that
    /// carries a tag, a look-alike or a plain food), not a descriptor ("canned", "large", "2"), not
    /// the "free" of "gluten-free", and not a form ("sauce") of a food the ingredient names. Empty
    /// when the table knows the ingredient.
    public func unknownWords(inIngredient name: String) -> [String] {
        let words = WordSplitter.words(name)
        return unknown(in: words, also: []).map { words[$0].text }
    }

    /// The positions of `words` no known food, descriptor or `known` match covers.
    func unknown(in words: [Word], also known: [Range<Int>]) -> [Int] {
        var covered = [Bool](repeating: false, count: words.count)
        func cover(_ range: Range<Int>) { for i in range { covered[i] = true } }
        contains.matches(in: words).forEach { cover($0.range) }
        lookAlikes.matches(in: words).forEach { cover($0.range) }
        plainFoods.matches(in: words).forEach { cover($0.range) }
        substitutes.matches(in: words).forEach { cover($0.range) }
        known.forEach(cover)
        let namesAFood = covered.contains(true)
        func isOneOf(_ set: Set<String>, _ word: Word) -> Bool { word.forms.contains(where: set.contains) }
        return words.indices.filter { i in
            !covered[i] && !isOneOf(descriptors, words[i]) && !(namesAFood && isOneOf(forms, words[i])) && !words[i].meets(Self.free)
                && !words[i].text.allSatisfy(\.isNumber)
        }
    }

    /// Whether a word only describes a food ("whole", "chopped", "large").
    func isDescriptor(_ word: Word) -> Bool { word.forms.contains(where: descriptors.contains) }

    /// The canonical allergens a household's allergy names: "Peanut allergy" → peanut, "dairy" →
    /// milk, "shellfish" → crustacean and mollusc, "nuts" → tree_nut and peanut (a household that
    /// writes "nuts" rarely means to allow peanuts), "celiac" → gluten, "cacahuètes" or "Erdnüsse"
    /// → peanut (French, German, Spanish, Italian and Portuguese names too); otherwise what it
    /// names as an ingredient carries ("walnuts" → tree_nut, "shrimp" → crustacean: the whole
    /// family). Empty when the table does not know it ("strawberries"): the check then matches it
    /// as free text.
    public func allergens(inAllergy text: String) -> Set<String> {
        let words = Self.splittingCompounds(WordSplitter.words(text))
        let named = Set(aliases.longestMatches(in: words).flatMap(\.value))
        return named.isEmpty ? tags(in: words).intersection(Self.canonical + ["honey"]) : named
    }

    /// German writes an allergy as one word: "Erdnussallergie", "Laktoseintoleranz",
    /// "Glutenunverträglichkeit". Each such word becomes its food and the word for allergy.
    static let compoundEndings = ["allergien", "allergie", "unvertraglichkeit", "intoleranz", "allergy", "frei"]

    static func splittingCompounds(_ words: [Word]) -> [Word] {
        words.flatMap { word -> [Word] in
            for ending in compoundEndings where word.text.count > ending.count + 2 && word.text.hasSuffix(ending) {
                return [Word(String(word.text.dropLast(ending.count))), Word(ending)]
            }
            return [word]
        }
    }

    /// The tags an ingredient says it is free of by name ("gluten-free", and for a food the table
    /// cannot read, "vegan …"): what its own words rule out.
    func freed(in words: [Word], bySubstitutes: Bool = false) -> Set<String> {
        var freed = bySubstitutes ? Set(substitutes.matches(in: words).map(\.value)) : []
        for match in freeFrom.matches(in: words) where match.range.upperBound < words.count && words[match.range.upperBound].meets(Self.free) {
            freed.insert(match.value)
        }
        return freed
    }

    /// Every tag of the table (allergens, infant hazards and categories) the words carry.
    package func tags(in words: [Word]) -> Set<String> { Set(hits(in: words).map(\.value)) }

    /// Where the words carry a tag: each occurrence that is not a look-alike, a substitute or freed.
    func hits(in words: [Word]) -> [PhraseMatch<String>] {
        let hits = contains.matches(in: words)
        guard !hits.isEmpty else { return [] }
        let safe = lookAlikes.matches(in: words)
        let substituting = substitutes.matches(in: words)
        let freed = freed(in: words)
        return hits.filter { hit in
            guard !freed.contains(hit.value) else { return false }
            let isLookAlike = safe.contains { $0.value == hit.value && $0.range.lowerBound <= hit.range.lowerBound && hit.range.upperBound <= $0.range.upperBound }
            // "vegan cheese", "vegan cream cheese": the substitute's word comes at most one word before.
            let isSubstitute = substituting.contains { match in
                let gap = hit.range.lowerBound - match.range.upperBound
                // Never across "and", "or", "with": "veggies and chicken" is chicken.
                return match.value == hit.value && (gap == 0 || gap == 1 && !Self.joining.contains(words[match.range.upperBound].text))
            }
            return !isLookAlike && !isSubstitute
        }
    }
}
