import Foundation
import ZiaAPI

/// How to adapt each planned dinner for the household's babies and toddlers (kids of 0 and 1), so
/// a family with an infant gets real dinners rather than a week of purées: for each day and little
/// one, the texture for the age; a portion set aside before the salty or hot ingredients the recipe
/// names (no added salt before 1, little after); small round foods cut up; and for a baby under 1,
/// no honey. Rule-based and deterministic, read from the recipe's ingredients.
public enum BabyPortions {
    /// Ingredients a little one's portion is set aside before, because they are salty.
    static let salty = [
        "soy sauce", "tamari", "fish sauce", "oyster sauce", "hoisin", "miso", "gochujang", "stock", "broth", "bouillon", "bacon", "ham", "sausage",
        "chorizo", "parmesan", "feta", "halloumi", "olives", "capers", "anchovy", "ketchup", "worcestershire", "teriyaki", "curry paste",
    ]
    /// … or because they are hot.
    static let hot = ["chili", "chilli", "jalapeno", "cayenne", "hot sauce", "sriracha", "harissa", "curry paste", "gochujang", "red pepper flakes"]
    /// Small round foods to cut for a little one, and how.
    static let cutUp: [(food: String, how: String)] = [
        ("cherry tomato", "quarter the cherry tomatoes"), ("grape", "quarter the grapes"), ("olive", "chop the olives"),
        ("sausage", "cut the sausage into thin strips, not rounds"), ("corn kernel", "mash the corn"), ("pea", "squash the peas"),
    ]

    /// The notes for a plan (its recipes in day order) and the household's kids; empty without a kid under 2.
    public static func notes(for plan: [Recipe], kids: [HouseholdKid], labels: [String] = WeekPlanner.days) -> [PortionNote] {
        let little = kids.filter { (0...1).contains($0.age) }
        guard !little.isEmpty, !labels.isEmpty else { return [] }
        return plan.enumerated().flatMap { day, recipe in
            little.map { kid in
                PortionNote(day: labels[day % labels.count], recipeID: recipe.id, kid: kid.name, age: kid.age, note: note(recipe, for: kid))
            }
        }
    }

    public static func note(_ recipe: Recipe, for kid: HouseholdKid) -> String {
        let names = recipe.ingredients.map { $0.name.lowercased() }
        func named(_ words: [String]) -> [String] {
            CaseInsensitiveText.unique(words.filter { word in names.contains { contains(word, in: $0) } })
        }
        var parts: [String] = []
        let aside = named(salty) + named(hot).filter { !named(salty).contains($0) }
        if !aside.isEmpty {
            parts.append("set \(kid.name)'s portion aside before adding the \(list(aside))")
        } else {
            parts.append("serve \(kid.name)'s portion unsalted")
        }
        parts.append(kid.age == 0 ? "blend or mash it smooth (thicker and lumpier from about 9 months)" : "mash it or cut it into small soft pieces")
        // Olive oil is no olive to chop: an oil never names a food to cut.
        let foods = names.filter { !contains("oil", in: $0) }
        parts += cutUp.filter { item in foods.contains { contains(item.food, in: $0) } }.map(\.how)
        if kid.age == 0 { parts.append("no honey before 12 months") }
        let sentence = parts.joined(separator: "; ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
    }

    /// The notes as lines of the answer, after the plan: a heading per kid, then one line a day.
    public static func text(_ notes: [PortionNote], plan: [Recipe]) -> String {
        var lines: [String] = []
        for kid in CaseInsensitiveText.unique(notes.map(\.kid)) {
            let theirs = notes.filter { $0.kid == kid }
            guard let age = theirs.first?.age else { continue }
            lines.append("For \(kid) (\(age == 0 ? "under 1" : "1")), each meal adapted:")
            for note in theirs {
                let title = plan.first { $0.id == note.recipeID }?.title ?? note.recipeID
                lines.append("\(note.day) — \(title): \(note.note)")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// Whether `word` occurs in `text` as words (with a plural s), not inside another word.
    static func contains(_ word: String, in text: String) -> Bool {
        let words = text.split { !$0.isLetter }.map { String($0) }
        let wanted = word.split(separator: " ").map(String.init)
        guard words.count >= wanted.count else { return false }
        return (0...(words.count - wanted.count)).contains { start in
            wanted.enumerated().allSatisfy { offset, want in
                let have = words[start + offset]
                return have == want || have == want + "s" || have == want + "es"
            }
        }
    }
}
