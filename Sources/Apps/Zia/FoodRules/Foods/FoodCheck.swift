import Foundation
import ZiaAPI

/// The deterministic food check of a household, run on every recipe, grocery item and answer line
/// before it is shown: reads every ingredient's own words against the household's rules, and a
/// recipe's `allergens` label too (a recipe is served only if neither names a rule).
///
/// A rule is what the family wrote (the household's allergies and every kid's dietary
/// restrictions, or what a goal stated), read as a ``Diet`` ("vegetarian", "halal", "no pork"), as
/// allergens through ``FoodTable`` ("peanuts", "Erdnüsse", "shellfish"), or — when Zia cannot
/// interpret it — as plain words matched in ingredients ("kiwi", "mushrooms"). A household with a
/// kid of 0–2 also avoids `honey` and `whole_nut`. An ingredient the table cannot read at all
/// counts as unsafe for a household with allergies or diets, unless it says it is free of them.
/// ``rules`` tells the family how each rule was read, so nothing is ignored in silence.
public struct FoodCheck: Sendable {
    /// The canonical allergens avoided (infant hazards included).
    public let allergens: Set<String>
    /// The diets kept.
    public let diets: [Diet]
    /// How each rule was read, for the household's answers and every assist run.
    public let rules: FoodRules
    /// Tag → the rules that exclude it ("poultry" → ["vegetarian"], "milk" → ["milk", "vegan"]).
    private let excluded: [String: [String]]
    private let freeText: PhraseIndex<String>
    private let table: FoodTable

    /// `restrictions`: as the family wrote them; one entry may name several ("peanuts, kiwi",
    /// "eggs and milk", "vegetarian; no alcohol"). `stated`: what a goal stated (``StatedRules``),
    /// enforced the same way and reported with the source `goal`.
    public init(restrictions: [String], kidAges: [Int], stated: [String] = [], table: FoodTable = .standard) {
        var allergens = Set<String>()
        var diets: [Diet] = []
        var freeText: [(phrase: String, value: String)] = []
        var read: [FoodRules.Rule] = []
        let written = restrictions.flatMap(Self.parts).map { ($0, FoodRules.Source.household) } + stated.flatMap(Self.parts).map { ($0, FoodRules.Source.goal) }
        var heldReadings = Set<String>()
        for (part, source) in written {
            let words = WordSplitter.words(part)
            let rule: FoodRules.Rule
            let dietMatches = Diet.index.longestMatches(in: words)
            let named = dietMatches.map(\.value)
            // What the part says besides its diets ("vegetarian with a peanut allergy": peanut) is kept too.
            let rest = words.indices.filter { index in !dietMatches.contains { $0.range.contains(index) } }.map { words[$0].text }.joined(separator: " ")
            let known = named.isEmpty ? table.allergens(inAllergy: part) : table.allergens(inAllergy: rest)
            let phrase = words.map(\.text).filter { !Self.filler.contains($0) }.joined(separator: " ")
            if !named.isEmpty {
                let means = CaseInsensitiveText.unique(named.map(\.name)) + known.sorted()
                rule = FoodRules.Rule(text: part, kind: .diet, means: means, source: source)
            } else if !known.isEmpty {
                rule = FoodRules.Rule(text: part, kind: .allergy, means: known.sorted(), source: source)
            } else if !phrase.isEmpty {
                rule = FoodRules.Rule(text: part, kind: .words, means: [phrase], source: source)
            } else {
                continue
            }
            // A goal's rule the household already holds ("no peanuts" beside "Peanuts") is not told twice.
            let reading = rule.kind.rawValue + ":" + rule.means.joined(separator: ",")
            if source == .household { heldReadings.insert(reading) } else if heldReadings.contains(reading) { continue }
            read.append(rule)
            switch rule.kind {
            case .diet:
                for diet in named where !diets.contains(diet) { diets.append(diet) }
                allergens.formUnion(known)
            case .allergy: allergens.formUnion(known)
            case .words: freeText.append((phrase, phrase))
            }
        }
        let infant = kidAges.contains(where: (0...2).contains)
        if infant { allergens.formUnion(FoodTable.infantHazards) }
        var excluded: [String: [String]] = [:]
        for allergen in allergens.sorted() { excluded[allergen, default: []].append(allergen) }
        for diet in diets {
            for tag in diet.excludes.sorted() { excluded[tag, default: []].append(diet.name) }
        }
        self.allergens = allergens
        self.diets = diets
        self.excluded = excluded
        self.freeText = PhraseIndex(freeText)
        self.table = table
        self.rules = FoodRules(rules: read, infantHazards: infant ? FoodTable.infantHazards : [])
    }

    /// The check of a household's stored rules and kids' ages, with what a goal stated added.
    public init(household: HouseholdProfile, stated: [String] = [], table: FoodTable = .standard) {
        self.init(restrictions: household.safetyAllergies, kidAges: household.kids.map(\.age), stated: stated, table: table)
    }

    /// Nothing to avoid: every recipe is safe.
    public var isEmpty: Bool { excluded.isEmpty && freeText.isEmpty && diets.isEmpty }

    /// Whether an ingredient the table cannot read is unsafe: the household has allergies or diets.
    private var distrustsUnknownFood: Bool { !allergens.subtracting(FoodTable.infantHazards).isEmpty || !diets.isEmpty }

    /// What one ingredient (or grocery product) carries that the household's rules exclude, sorted;
    /// an ingredient the table cannot read is a violation (`unknown_food`) for a household with
    /// allergies or diets unless it says it is free of every one.
    public func violations(inIngredient name: String) -> [FoodViolation] {
        guard !isEmpty else { return [] }
        let words = WordSplitter.words(name)
        let (found, wordMatches) = violations(in: words, named: name)
        guard found.isEmpty, distrustsUnknownFood else { return found }
        let unknown = table.unknown(in: words, also: wordMatches)
        guard !unknown.isEmpty else { return [] }
        let freed = table.freed(in: words, bySubstitutes: true)
        let avoided = Set(excluded.keys).subtracting(FoodTable.infantHazards)
        guard !avoided.isSubset(of: freed) else { return [] }
        return [FoodViolation(ingredient: name, rule: FoodViolation.unknownFood, carries: unknown.map { words[$0].text }.joined(separator: " "))]
    }

    /// What a line of text (a plan's day, a routine step, an answer's sentence) offers that the
    /// household's rules exclude. Words the table does not know are not violations here (a sentence
    /// is mostly not food), nor is a food the line warns against: "no honey before age 1", "avoid
    /// whole nuts", "keep peanuts out of reach" are care notes, not offers.
    public func violations(inText text: String) -> [FoodViolation] {
        guard !isEmpty else { return [] }
        let words = WordSplitter.words(text)
        let offered = table.hits(in: words).filter { !isWarnedAgainst($0.range, in: words) && !Self.isIdiom($0.range, in: words) }
        var found: [FoodViolation] = []
        for tag in Set(offered.map(\.value)).sorted() {
            for rule in excluded[tag] ?? [] { found.append(FoodViolation(ingredient: text, rule: rule, carries: tag)) }
        }
        let phrases = freeText.matches(in: words).filter { !isWarnedAgainst($0.range, in: words) }
        for phrase in Set(phrases.map(\.value)).sorted() { found.append(FoodViolation(ingredient: text, rule: phrase, carries: phrase)) }
        found += apartViolations([(text, Set(offered.map(\.value)))])
        return found
    }

    /// Whether the words just before `range` warn against it: "no honey", "avoid whole nuts",
    /// "never give any honey" (only light words between), but not "a no-bake peanut pie".
    func isWarnedAgainst(_ range: Range<Int>, in words: [Word]) -> Bool {
        var index = range.lowerBound - 1
        while index >= 0, range.lowerBound - index <= 4 {
            let forms = words[index].forms
            if forms.contains(where: Self.warnings.contains) { return true }
            guard forms.contains(where: Self.light.contains) else { return false }
            index -= 1
        }
        return false
    }

    /// Whether the food word at `range` is an everyday verb that offers no food: "wrap up the day",
    /// "stock up on fruit", "beef up the routine", "take stock". A food after it is still read on its
    /// own ("stock up on bread" offers bread); "a cup of stock" and "cut the ham up" are food.
    static func isIdiom(_ range: Range<Int>, in words: [Word]) -> Bool {
        guard range.count == 1 else { return false }
        let word = words[range.lowerBound]
        let next = range.upperBound < words.count ? words[range.upperBound].text : ""
        let before = range.lowerBound > 0 ? words[range.lowerBound - 1].text : ""
        if next == "up", !word.forms.isDisjoint(with: ["wrap", "stock", "beef"]) { return true }
        return word.forms.contains("stock") && ["take", "taking", "took", "takes"].contains(before)
    }

    /// Words that may stand between a warning and its food ("never *give any* honey").
    static let light: Set<String> = [
        "give", "giving", "any", "the", "a", "an", "serve", "serving", "offer", "offering", "eat", "eating", "use", "using", "add", "adding", "of", "to",
        "them", "him", "her", "baby", "babies", "toddler", "kid", "child", "children", "or", "even", "yet", "whole", "raw", "added",
    ]

    /// Words that make the food after them a warning rather than an offer.
    static let warnings: Set<String> = [
        "no", "not", "never", "avoid", "avoiding", "without", "skip", "dont", "doesnt", "cannot", "cant", "omit",
    ]

    /// Every ingredient of the recipe that carries what the household's rules exclude, each label
    /// on its `allergens` that names one, and (kosher-style) meat with milk in one dish.
    public func violations(in recipe: Recipe) -> [FoodViolation] {
        guard !isEmpty else { return [] }
        var found = recipe.ingredients.flatMap { violations(inIngredient: $0.name) }
        for label in recipe.allergens.sorted() {
            for rule in excluded[label] ?? [] { found.append(FoodViolation(ingredient: FoodViolation.label, rule: rule, carries: label)) }
        }
        found += apartViolations(recipe.ingredients.map { ($0.name, table.tags(in: WordSplitter.words($0.name))) })
        return found
    }

    public func isSafe(_ recipe: Recipe) -> Bool { violations(in: recipe).isEmpty }

    /// A grocery item that carries what the household's rules exclude.
    public func violations(inGroceryItem item: GroceryList.Item) -> [FoodViolation] { violations(inIngredient: item.name) }

    /// Every item of a grocery list (all aisles, in aisle order) that carries what the household's rules exclude.
    public func violations(in list: GroceryList) -> [FoodViolation] {
        list.aisles.sorted { $0.key < $1.key }.flatMap { $0.value.flatMap(violations(inGroceryItem:)) }
    }

    private func violations(in words: [Word], named name: String) -> (found: [FoodViolation], wordMatches: [Range<Int>]) {
        var found: [FoodViolation] = []
        for tag in table.tags(in: words).sorted() {
            for rule in excluded[tag] ?? [] { found.append(FoodViolation(ingredient: name, rule: rule, carries: tag)) }
        }
        let matches = freeText.matches(in: words)
        for phrase in Set(matches.map(\.value)).sorted() { found.append(FoodViolation(ingredient: name, rule: phrase, carries: phrase)) }
        return (found, matches.map(\.range))
    }

    /// The diets' groups kept apart (kosher-style: meat and milk), over a dish's parts and their tags.
    private func apartViolations(_ parts: [(name: String, tags: Set<String>)]) -> [FoodViolation] {
        var found: [FoodViolation] = []
        for diet in diets where !diet.apart.isEmpty {
            let present = diet.apart.map { group in parts.filter { !$0.tags.isDisjoint(with: group) } }
            guard present.allSatisfy({ !$0.isEmpty }), let last = present.last else { continue }
            let carried = diet.apart.map { $0.sorted().joined(separator: "|") }.joined(separator: " with ")
            for part in last { found.append(FoodViolation(ingredient: part.name, rule: diet.name, carries: carried)) }
        }
        return found
    }

    /// Splits "peanuts, kiwi and eggs" into its rules, keeping the family's spelling.
    static func parts(_ restriction: String) -> [String] {
        restriction.split(whereSeparator: { ",;/&+\n".contains($0) }).flatMap { splitting(String($0), on: [" and ", " or "]) }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `text` split at each of `separators`, in any letter case.
    private static func splitting(_ text: String, on separators: [String]) -> [String] {
        var pieces = [text]
        for separator in separators {
            pieces = pieces.flatMap { piece in
                var parts: [String] = []
                var rest = piece[...]
                while let found = rest.range(of: separator, options: .caseInsensitive) {
                    parts.append(String(rest[..<found.lowerBound]))
                    rest = rest[found.upperBound...]
                }
                return parts + [String(rest)]
            }
        }
        return pieces
    }

    /// Words around a rule that are not the food ("severe kiwi allergy" → "kiwi").
    private static let filler: Set<String> = [
        "allergy", "allergies", "allergic", "intolerance", "intolerant", "sensitivity", "sensitive", "severe", "mild", "to", "no", "avoid", "anaphylaxis",
        "anaphylactic", "free",
    ]
}
