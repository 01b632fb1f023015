import Foundation
import Observation

/// The week of dinners shown when the assistant is off (docs/zia.md, "Offline mode"), with no network
/// request at all — only dinners the household's food rules allow (the same ``FoodCheck`` the
/// server plans with: allergies, diets, a baby's honey and whole nuts).
public enum OfflineMeals {
    /// One sample dinner and what it is made with.
    public struct Sample: Sendable, Equatable {
        public let title: String
        public let ingredients: [String]
    }

    /// The seven sample dinners first, then others that stand in when one does not fit.
    public static let samples: [Sample] = [
        Sample(title: "Pasta", ingredients: ["spaghetti", "canned crushed tomatoes", "garlic", "olive oil", "parmesan"]),
        Sample(title: "Chicken stir-fry", ingredients: ["chicken breast", "broccoli", "bell pepper", "soy sauce", "rice", "vegetable oil"]),
        Sample(title: "Veggie tacos", ingredients: ["corn tortillas", "black beans", "bell pepper", "avocado", "salsa"]),
        Sample(title: "Sheet-pan salmon", ingredients: ["salmon fillets", "potato", "broccoli", "olive oil", "lemon"]),
        Sample(title: "Lentil soup", ingredients: ["red lentils", "carrot", "onion", "vegetable broth", "cumin"]),
        Sample(title: "Homemade pizza", ingredients: ["pizza dough", "tomato sauce", "mozzarella", "basil"]),
        Sample(title: "Breakfast for dinner", ingredients: ["eggs", "bread", "butter", "banana"]),
        Sample(title: "Rice and bean bowls", ingredients: ["rice", "black beans", "corn kernels", "avocado", "lime"]),
        Sample(title: "Baked potatoes with chili beans", ingredients: ["potato", "kidney beans", "canned crushed tomatoes", "onion", "paprika"]),
        Sample(title: "Roast chicken and vegetables", ingredients: ["chicken thighs", "potato", "carrot", "olive oil", "rosemary"]),
        Sample(title: "Chickpea and spinach stew", ingredients: ["chickpeas", "coconut milk", "spinach", "onion", "turmeric", "rice"]),
        Sample(title: "Polenta with roasted vegetables", ingredients: ["polenta", "zucchini", "bell pepper", "olive oil", "thyme"]),
        Sample(title: "Baked cod with potatoes", ingredients: ["cod fillets", "potato", "lemon", "olive oil", "parsley"]),
        Sample(title: "Turkey and rice lettuce cups", ingredients: ["ground turkey", "rice", "lettuce", "carrot", "lime"]),
    ]
    /// The seven, for a household with no rules.
    public static let sampleMeals = samples.prefix(7).map(\.title)
    static let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Seven dinners `household`'s rules allow, in the samples' order (repeating when fewer fit).
    public static func week(for household: HouseholdProfile?) -> [String] {
        guard let household else { return sampleMeals }
        let check = FoodCheck(household: household)
        let fitting = samples.filter { sample in sample.ingredients.allSatisfy { check.violations(inIngredient: $0).isEmpty } }.map(\.title)
        guard !fitting.isEmpty else { return [] }
        return (0..<days.count).map { fitting[$0 % fitting.count] }
    }

    /// The sample week as a plan's text: one `Day: meal` line each.
    public static func planText(for household: HouseholdProfile? = nil) -> String {
        let week = week(for: household)
        guard !week.isEmpty else {
            return "The assistant is off, and none of the sample dinners fits your household's food rules. Turn on AI assist in Settings for a plan."
        }
        return (["Here's a simple week of dinners (the assistant is off):"] + zip(days, week).map { "\($0): \($1)" }).joined(separator: "\n")
    }

    /// The sample week for no household in particular.
    public static var planText: String { planText(for: nil) }

    /// The sample week as a finished turn (no card: there is nothing the server planned to save).
    public static func turn(for household: HouseholdProfile? = nil) -> AssistTurn {
        var turn = AssistTurn()
        turn.text = planText(for: household)
        turn.outcome = .answered
        return turn
    }

    /// The sample week for no household in particular, as a turn.
    public static var turn: AssistTurn { turn(for: nil) }
}
