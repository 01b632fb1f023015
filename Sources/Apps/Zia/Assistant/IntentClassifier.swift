import Foundation
import ZiaAPI

/// Routes a goal to one of the four agents: the caller's `mode` wins; otherwise keywords, matched
/// as whole words with their inflections ("chores", "cleaning", "organizing", "scheduled",
/// "breakfasts") and never inside unrelated words ("napkin" is not a nap, "mealworm" not a meal,
/// "cookie" not cooking). Each intent scores its matches (a weak keyword such as "schedule" counts
/// half); the highest score wins, ties going to chores, then meals, then routines; no match is
/// `generic`.
public struct IntentClassifier: Sendable {
    /// A keyword's base form and how much a match counts.
    struct Keyword: Sendable {
        let base: String
        let weight: Double
    }

    /// Tie order: the first intent listed wins a tie.
    static let keywords: [(AssistIntent, [Keyword])] = [
        (.chores, weighted(["chore", "clean", "tidy", "organize", "organise", "laundry", "dish", "vacuum", "dust", "sweep", "mop", "declutter", "housework", "scrub"])),
        (
            .mealPlanning,
            weighted([
                "meal", "mealtime", "dinner", "dinnertime", "lunch", "lunchbox", "breakfast", "brunch", "supper", "recipe", "cook", "grocery", "snack", "menu", "bake",
            ])
        ),
        (.routines, weighted(["bedtime", "morning", "nap", "naptime", "routine", "wake", "evening", "bath"]) + [Keyword(base: "schedule", weight: 0.5)]),
    ]

    static func weighted(_ bases: [String]) -> [Keyword] { bases.map { Keyword(base: $0, weight: 1) } }

    /// Every word form each base matches, once, for lookup.
    static let forms: [String: [(AssistIntent, Double)]] = {
        var forms: [String: [(AssistIntent, Double)]] = [:]
        for (intent, keywords) in keywords {
            for keyword in keywords {
                for form in inflections(of: keyword.base) { forms[form, default: []].append((intent, keyword.weight)) }
            }
        }
        return forms
    }()

    public init() {}

    /// The intent for `goal`, or `mode`'s when given.
    public func classify(_ goal: String, mode: AssistMode? = nil) -> AssistIntent {
        if let mode { return Self.intent(of: mode) }
        var scores: [AssistIntent: Double] = [:]
        for word in Self.words(goal) {
            for (intent, weight) in Self.forms[word] ?? [] { scores[intent, default: 0] += weight }
        }
        var best: (AssistIntent, Double)?
        for (intent, _) in Self.keywords {
            guard let score = scores[intent], score > (best?.1 ?? 0) else { continue }
            best = (intent, score)
        }
        return best?.0 ?? .generic
    }

    public static func intent(of mode: AssistMode) -> AssistIntent {
        switch mode {
        case .meals: .mealPlanning
        case .routines: .routines
        case .chores: .chores
        }
    }

    /// `text`'s words, lower-cased: runs of letters (so "wake-up" is "wake" and "up").
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init)
    }

    /// `base` and its regular inflections: plural and third person (-s, -es, -ies), past (-ed, -d,
    /// -ied), gerund (-ing, with a final e dropped or a final consonant doubled), agent (-er, -ers).
    static func inflections(of base: String) -> Set<String> {
        var forms: Set<String> = [base, base + "s", base + "es", base + "ed", base + "ing", base + "er", base + "ers"]
        if base.hasSuffix("e") {
            let stem = String(base.dropLast())
            forms.formUnion([base + "d", base + "r", base + "rs", stem + "ing"])
        }
        if base.hasSuffix("y"), let last = base.dropLast().last, !"aeiou".contains(last) {
            let stem = String(base.dropLast())
            forms.formUnion([stem + "ies", stem + "ied", stem + "ier"])
        }
        // Short words ending consonant-vowel-consonant double the consonant: nap → napping, mop → mopped.
        let letters = Array(base)
        if letters.count >= 3, letters.count <= 4 {
            let vowels = Set("aeiou")
            let (a, b, c) = (letters[letters.count - 3], letters[letters.count - 2], letters[letters.count - 1])
            if !vowels.contains(a), vowels.contains(b), !vowels.contains(c), !"wxy".contains(c) {
                forms.formUnion([base + String(c) + "ing", base + String(c) + "ed", base + String(c) + "er"])
            }
        }
        return forms
    }
}
