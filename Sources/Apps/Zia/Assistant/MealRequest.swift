import Foundation
import ZiaAPI

/// What a meal goal asks for: which meal (breakfast, lunch, dinner or snack) and for how many days
/// — "a week of breakfasts" is seven, "something for dinner tonight" or "a lunch recipe" is one,
/// "weeknight dinners" five, "the weekend" two, "3 lunches" three; a goal naming no meal is dinner,
/// and one naming no span is a week. Read deterministically from the goal's words, so the planner
/// answers what was asked rather than seven dinners every time.
public struct MealRequest: Sendable, Equatable {
    public var meal: MealType
    public var days: Int

    public init(meal: MealType = .dinner, days: Int = 7) {
        self.meal = meal
        self.days = days
    }

    /// The label of each day's line: Monday to Sunday for a week, Monday to Friday for weeknights,
    /// Saturday and Sunday for a weekend, "Today" for one meal, else the first days of the week.
    public var labels: [String] {
        switch days {
        case 1: ["Today"]
        case 2: ["Saturday", "Sunday"]
        default: Array(WeekPlanner.days.prefix(max(1, min(days, 7))))
        }
    }

    /// Whether `recipe` is one for this meal: tagged with it, or for dinner any recipe tagged with
    /// no other meal.
    public func serves(_ recipe: Recipe) -> Bool {
        if recipe.tags.contains(meal.rawValue) { return true }
        return meal == .dinner && !recipe.tags.contains { ["breakfast", "lunch", "snack"].contains($0) }
    }

    /// "dinners", "a lunch", "breakfasts": how the plan's opening line names what it holds.
    public var spoken: String {
        let name = meal == .snack ? "snack" : meal.rawValue
        if days == 1 { return "a " + name }
        let plural = meal == .lunch ? "lunches" : meal == .breakfast ? "breakfasts" : name + "s"
        switch days {
        case 7: return "a week of " + plural
        case 5: return "five weeknight " + plural
        case 2: return "weekend " + plural
        default: return "\(days) " + plural
        }
    }

    /// The request `goal` makes.
    public static func read(_ goal: String) -> MealRequest {
        // Letters and digits ("3 lunches"), lower-cased.
        let words = goal.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let set = Set(words)
        var request = MealRequest()
        // The meal named first wins ("breakfast and lunch ideas" plans breakfasts).
        for word in words {
            if let meal = mealWords[word] {
                request.meal = meal
                break
            }
        }
        if !set.isDisjoint(with: ["week", "weeks", "weekly", "seven"]) {
            request.days = 7
        } else if set.contains("weeknight") || set.contains("weeknights") || set.contains("weekdays") || set.contains("weekday") {
            request.days = 5
        } else if set.contains("weekend") {
            request.days = 2
        } else if let count = count(in: words) {
            request.days = count
        } else if !set.isDisjoint(with: single) && !plural(words) {
            // "plan falafel pitas for dinner tonight" is one meal, though it says plan.
            request.days = 1
        } else if !set.isDisjoint(with: ["plan", "menu", "planner"]) {
            request.days = 7
        } else if asksForOne(words) {
            request.days = 1
        }
        return request
    }

    static let mealWords: [String: MealType] = [
        "breakfast": .breakfast, "breakfasts": .breakfast, "brunch": .breakfast, "brunches": .breakfast, "lunch": .lunch, "lunches": .lunch,
        "lunchbox": .lunch, "lunchboxes": .lunch, "snack": .snack, "snacks": .snack, "snacking": .snack, "dinner": .dinner, "dinners": .dinner,
        "supper": .dinner, "suppers": .dinner,
    ]
    /// Words that ask for one meal.
    static let single: Set<String> = ["tonight", "today", "single"]

    /// "3 lunches", "five dinners", "4 days": a count of 1–7 before a meal or a day.
    static func count(in words: [String]) -> Int? {
        let numbers = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7]
        let units: Set<String> = Set(mealWords.keys).union(["days", "day", "nights", "meals", "ideas", "recipes", "options"])
        for (index, word) in words.enumerated() where index + 1 < words.count && units.contains(words[index + 1]) {
            if let value = numbers[word] ?? Int(word), (1...7).contains(value) { return value }
        }
        return nil
    }

    /// "a lunch", "one breakfast", "a snack recipe": a, an or one right before a meal or "recipe"
    /// (a descriptive word or two between: "a quick lunch").
    static func asksForOne(_ words: [String]) -> Bool {
        for (index, word) in words.enumerated() where ["a", "an", "one"].contains(word) {
            for next in words.dropFirst(index + 1).prefix(3) {
                if mealWords[next] != nil || next == "recipe" { return !plural(words) || next == "recipe" }
            }
        }
        return false
    }

    /// Whether the goal asks for several ("ideas", "meals", "breakfasts").
    static func plural(_ words: [String]) -> Bool {
        words.contains { ["ideas", "options", "meals", "recipes", "breakfasts", "lunches", "dinners", "snacks", "suppers"].contains($0) }
    }
}
