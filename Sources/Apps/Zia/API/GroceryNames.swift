import Foundation

/// How two ways of writing one grocery are recognised as the same thing: lower-case, punctuation
/// and extra spaces gone, the modifiers that do not change what is bought (fresh, frozen, organic,
/// whole, sliced, chopped, diced, …) removed, and the last word singular. Consolidation merges by
/// ``key(_:)`` and the pantry matcher compares with it, so both decide alike.
public enum GroceryNames {
    /// Words that describe how an item is prepared or sold, not which item it is.
    public static let modifiers: Set<String> = [
        "fresh", "frozen", "organic", "whole", "sliced", "chopped", "diced", "minced", "grated", "shredded", "crushed",
        "peeled", "cubed", "halved", "quartered", "trimmed", "ripe", "raw", "large", "medium", "small", "finely", "roughly",
    ]

    /// Lower-case words of `name` without punctuation and modifiers ("Fresh  Basil," → "basil");
    /// a name that is only modifiers keeps its words, one without any word its lower-case,
    /// space-separated characters ("***"), so no item is ever lost.
    public static func normalize(_ name: String) -> String {
        let lowered = name.lowercased()
        let words = lowered.split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "-") }.map(String.init)
        guard !words.isEmpty else { return lowered.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let kept = words.filter { !modifiers.contains($0) }
        return (kept.isEmpty ? words : kept).joined(separator: " ")
    }

    /// ``normalize(_:)`` with its last word singular: the name items are merged and matched by
    /// ("Tomatoes" → "tomato", "fresh basil" → "basil", "chicken breasts" → "chicken breast").
    public static func key(_ name: String) -> String {
        var words = normalize(name).split(separator: " ").map(String.init)
        guard let last = words.popLast() else { return "" }
        return (words + [singular(last)]).joined(separator: " ")
    }

    /// One word in the singular, by English's regular endings: berries → berry, tomatoes → tomato,
    /// peaches → peach, eggs → egg; words ending in ss, us or is are left alone (glass, hummus).
    public static func singular(_ word: String) -> String {
        if let irregular = irregulars[word] { return irregular }
        guard word.count > 3 else { return word.hasSuffix("s") && word.count == 3 && !word.hasSuffix("ss") ? String(word.dropLast()) : word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") || word.hasSuffix("sses") {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
        if word.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }

    static let irregulars = ["leaves": "leaf", "loaves": "loaf", "knives": "knife", "halves": "half", "geese": "goose", "mice": "mouse", "teeth": "tooth"]
}
