import Testing
import ZiaAPI
import ZiaSafety

/// The food rules a goal states, read offline (pure logic).
@Suite("Zia goal-stated food rules")
struct StatedRulesTests {
    static let goals: [(goal: String, rules: [String])] = [
        ("My son is allergic to sesame, plan dinners", ["sesame"]),
        ("Dinners this week, no mushrooms please", ["no mushrooms"]),
        ("We're vegetarian this week", ["vegetarian"]),
        ("Plan a gluten-free week of dinners", ["gluten free"]),
        ("Nothing with pork or shellfish", ["pork", "shellfish"]),
        ("She is allergic to peanuts and kiwi.", ["peanuts", "kiwi"]),
        ("My daughter has a severe sesame allergy", ["sesame"]),
        ("Quick dinners without peanuts, please", ["without peanuts"]),
        ("He can't eat eggs or dairy", ["eggs", "dairy"]),
        ("Make it vegan and nut-free", ["vegan", "nut free"]),
        ("No-fuss dinners, no more than 30 minutes", []),
        ("Stress-free weeknight dinners", []),
        ("Plan a bedtime routine, avoid screens", []),
        ("I'm allergic to cats; plan dinners", []),
        ("Dinners that are not vegetarian", []),
        ("Kid-friendly dinners for the week", []),
        ("Halal dinners with no alcohol", ["halal", "no alcohol"]),
        ("Avoid mushrooms and olives, Italian please", ["mushrooms", "olives"]),
        ("We keep kosher; dinners for Friday", ["kosher"]),
        ("No pork, no beef; something with chicken", ["no pork", "no beef"]),
    ]

    @Test("what a goal states is read, and what it does not state is not", arguments: goals.indices)
    func reads(_ index: Int) {
        let (goal, rules) = Self.goals[index]
        #expect(StatedRules.read(goal) == rules, "\(goal)")
    }

    @Test("stated rules are enforced like the household's and reported with the source goal")
    func enforcedAndReported() {
        let household = HouseholdProfile(allergies: ["peanuts"])
        let check = FoodCheck(household: household, stated: StatedRules.read("My son is allergic to sesame, and we're vegetarian this week; no peanuts"))
        #expect(!check.violations(inIngredient: "sesame oil").isEmpty)
        #expect(!check.violations(inIngredient: "chicken thighs").isEmpty)
        #expect(check.rules.rules.filter { $0.source == .goal }.map(\.text) == ["sesame", "vegetarian"], "peanuts is held already: \(check.rules)")
        #expect(check.rules.rules.first { $0.text == "vegetarian" }?.kind == .diet)
    }
}
