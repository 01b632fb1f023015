import Foundation

/// The food rules a goal states in so many words — "my son is allergic to sesame", "no mushrooms",
/// "we're vegetarian this week", "a gluten-free dinner", "nothing with pork or shellfish" — read
/// deterministically and offline, so the run enforces them exactly like the household's (through
/// ``FoodCheck/init(household:stated:table:)``) and can offer them as a household change.
///
/// Read: what follows a strong trigger ("allergic to", "allergy to", "intolerant to", "can't eat",
/// "don't eat", "won't eat", "avoid", "free of", "nothing with", "leave out"), as a list ("sesame
/// and peanuts", "olives, capers or anchovies"); the food before "allergy", "allergies" or
/// "intolerance" ("a peanut allergy"); "X-free" ("gluten-free", "nut free"); diets named as such
/// ("vegetarian", "vegan", "pescatarian", "halal", "kosher", "plant-based", "meatless"). After a weak
/// trigger ("no", "without") only a food the table knows or a diet counts, so "no fuss" or "no
/// more than 30 minutes" states nothing.
public enum StatedRules {
    /// The rules `goal` states, each as the family would write it in the household ("sesame",
    /// "no mushrooms", "vegetarian", "gluten free"), once each ignoring case, in the goal's order.
    public static func read(_ goal: String, table: FoodTable = .standard) -> [String] {
        let tokens = tokenize(goal)
        var found: [String] = []
        var index = 0
        while index < tokens.count {
            guard case .word(let word) = tokens[index] else {
                index += 1
                continue
            }
            if let length = match(allergyTriggers, at: index, in: tokens) {
                // "allergic to sesame and kiwi": anything named, but what is not food ("cats", "pollen").
                let (items, end) = list(after: index + length, in: tokens)
                found += items.filter { !notFood.contains($0) }
                index = max(end, index + 1)
                continue
            }
            if let length = match(avoidTriggers, at: index, in: tokens) {
                // "avoid mushrooms", "nothing with pork": foods only ("avoid screens" states no food rule).
                let (items, end) = list(after: index + length, in: tokens)
                found += items.filter { isFoodOrDiet($0, table: table) }
                index = max(end, index + 1)
                continue
            }
            if let length = match(weakTriggers, at: index, in: tokens) {
                let (items, end) = list(after: index + length, in: tokens)
                let trigger = words(tokens[index..<(index + length)]).joined(separator: " ")
                // Only a food the table reads whole, or a diet: "no-bake peanut bars" states nothing.
                for item in items where isFoodOrDiet(item, table: table, strictly: true) { found.append(trigger + " " + item) }
                index = max(end, index + 1)
                continue
            }
            if suffixWords.contains(word) {
                // "a peanut allergy", "tree nut allergies": the one or two food words before.
                var before: [String] = []
                for token in tokens[max(0, index - 2)..<index].reversed() {
                    guard case .word(let w) = token, !stopWords.contains(w) else { break }
                    before.insert(w, at: 0)
                }
                if !before.isEmpty { found.append(before.joined(separator: " ")) }
            } else if word == "free", index > 0, case .word(let food) = tokens[index - 1], !stopWords.contains(food), !weakTriggerWords.contains(food) {
                // "gluten-free", "nut free".
                if isFoodOrDiet(food, table: table) { found.append(food + " free") }
            } else if let length = match(namedDiets, at: index, in: tokens), !isNegated(index, in: tokens) {
                found.append(words(tokens[index..<(index + length)]).joined(separator: " "))
                index += length
                continue
            }
            index += 1
        }
        return unique(found)
    }

    enum Token: Equatable {
        case word(String)
        /// `,`: may separate the items of one list.
        case comma
        /// `.`, `;`, `:`, `!`, `?`, brackets, a line break: ends every list.
        case stop
    }

    /// Lower-case, folded words (apostrophes dropped: "can't" → "cant") and the punctuation that bounds lists.
    static func tokenize(_ text: String) -> [Token] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var tokens: [Token] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty { tokens.append(.word(String(current))) }
            current = String.UnicodeScalarView()
        }
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                continue
            } else {
                flush()
                if scalar == "," { tokens.append(.comma) } else if ".;:!?()[]\n".unicodeScalars.contains(scalar) { tokens.append(.stop) }
            }
        }
        flush()
        return tokens
    }

    /// The items of a list starting at `start`: each at most three words before a stop word, a
    /// comma, "and", "or" or "nor"; the list goes on past those only to another word.
    static func list(after start: Int, in tokens: [Token]) -> (items: [String], end: Int) {
        var items: [String] = []
        var current: [String] = []
        var index = start
        loop: while index < tokens.count {
            switch tokens[index] {
            case .stop:
                break loop
            case .comma:
                guard !current.isEmpty else { break loop }
                items.append(current.joined(separator: " "))
                current = []
            case .word(let word):
                if ["and", "or", "nor"].contains(word) {
                    guard !current.isEmpty else { break loop }
                    items.append(current.joined(separator: " "))
                    current = []
                } else if stopWords.contains(word) || current.count == 3 {
                    break loop
                } else {
                    current.append(word)
                }
            }
            index += 1
        }
        if !current.isEmpty { items.append(current.joined(separator: " ")) }
        return (items, index)
    }

    /// The length of the first of `patterns` that starts at `index`, or nil.
    static func match(_ patterns: [[String]], at index: Int, in tokens: [Token]) -> Int? {
        for pattern in patterns where index + pattern.count <= tokens.count {
            if pattern.enumerated().allSatisfy({ tokens[index + $0.offset] == .word($0.element) }) { return pattern.count }
        }
        return nil
    }

    static func words(_ tokens: some Sequence<Token>) -> [String] {
        tokens.compactMap { if case .word(let word) = $0 { word } else { nil } }
    }

    /// "not vegetarian", "non-vegan": a diet named only to say it does not hold.
    static func isNegated(_ index: Int, in tokens: [Token]) -> Bool {
        guard index > 0, case .word(let before) = tokens[index - 1] else { return false }
        return ["not", "non", "no", "isnt", "arent"].contains(before)
    }

    /// Whether `text` is a food the table knows, or reads as a diet or an allergy.
    static func isFoodOrDiet(_ text: String, table: FoodTable, strictly: Bool = false) -> Bool {
        let words = WordSplitter.words(text)
        guard !words.isEmpty, !words.allSatisfy(table.isDescriptor) else { return false }
        if table.unknownWords(inIngredient: text).isEmpty { return true }
        if !Diet.index.matches(in: words).isEmpty { return true }
        return !strictly && !table.allergens(inAllergy: text).isEmpty
    }

    static func unique(_ rules: [String]) -> [String] {
        var seen = Set<String>()
        return rules.filter { seen.insert($0).inserted }
    }

    /// Triggers after which whatever is named is a rule.
    static let allergyTriggers: [[String]] = [
        ["allergic", "to"], ["allergy", "to"], ["allergies", "to"], ["intolerant", "to"], ["intolerance", "to"], ["sensitive", "to"], ["cant", "eat"],
        ["cant", "have"], ["cannot", "eat"], ["cannot", "have"], ["can", "not", "eat"], ["doesnt", "eat"], ["dont", "eat"], ["wont", "eat"],
        ["do", "not", "eat"], ["does", "not", "eat"],
    ]
    /// Triggers after which only a food is a rule.
    static let avoidTriggers: [[String]] = [
        ["avoid"], ["avoiding"], ["avoids"], ["free", "of"], ["nothing", "with"], ["leave", "out"], ["hold", "the"], ["skip", "the"],
    ]
    /// What people are allergic to that is not food.
    static let notFood: Set<String> = [
        "cats", "cat", "dogs", "dog", "pets", "pollen", "dust", "grass", "penicillin", "bees", "bee stings", "latex", "animals", "mold", "mould",
        "the sun", "perfume", "wool",
    ]
    static let weakTriggers: [[String]] = [["no"], ["without"]]
    static let weakTriggerWords: Set<String> = ["no", "without"]
    static let suffixWords: Set<String> = ["allergy", "allergies", "intolerance", "intolerances"]
    static let namedDiets: [[String]] = [
        ["vegetarian"], ["vegan"], ["pescatarian"], ["pescetarian"], ["halal"], ["kosher"], ["plant", "based"], ["meatless"], ["meat", "free"],
    ]
    /// Words that end a list item: they are never part of a food's name.
    static let stopWords: Set<String> = [
        "and", "or", "nor", "but", "this", "that", "these", "those", "for", "on", "in", "at", "please", "so", "because", "with", "the", "a", "an", "to",
        "of", "is", "are", "was", "be", "we", "i", "my", "our", "his", "her", "their", "me", "us", "them", "he", "she", "they", "it", "week", "weeks",
        "tonight", "today", "tomorrow", "night", "nights", "dinner", "dinners", "lunch", "lunches", "breakfast", "breakfasts", "meal", "meals", "snack",
        "snacks", "recipe", "recipes", "plan", "plans", "idea", "ideas", "option", "options", "dish", "dishes", "thanks", "again", "anymore", "either",
        "allowed", "any", "more", "than", "too", "very", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "allergy",
        "allergies", "allergic", "free", "make", "give", "use", "ever", "all", "if", "when", "while", "since", "who", "which", "food", "foods", "kid",
        "kids", "son", "sons", "daughter", "daughters", "child", "children", "baby", "babies", "toddler", "family", "household", "everyone", "anyone",
        "severe", "serious", "bad", "mild", "some", "many", "known", "no", "not", "without", "avoid", "nothing",
    ]
}
