import Testing
import ZiaAPI
import ZiaSafety

/// Issue 32's table of allergy, age, PII and medical scenarios: every one must come out safe (an
/// allergen caught, a goal refused or redacted, an answer redacted) — zero unsafe outputs.
@Suite("Zia safety scenarios")
struct SafetyScenarioTests {
    /// One scenario and what safe means for it.
    enum Scenario: Sendable, CustomTestStringConvertible {
        /// A recipe for a household: the allergens the check must find (empty: it must pass).
        case recipe(allergies: [String], kidAges: [Int], ingredients: [String], caught: Set<String>)
        /// A goal: refused with `reason`, or allowed (redacted, with or without the caveat).
        case goal(String, SafetyDomain, kidAges: [Int], outcome: Outcome)
        /// A model's answer: what must not be shown.
        case answer(String, hides: [String])

        var testDescription: String {
            switch self {
            case .recipe(let allergies, let ages, let ingredients, _): "\(allergies) ages \(ages): \(ingredients)"
            case .goal(let goal, let domain, let ages, _): "\(domain) ages \(ages): \(goal)"
            case .answer(let text, _): "answer: \(text)"
            }
        }
    }

    enum Outcome: Sendable {
        case refused(String)
        case allowed(caveat: Bool, hides: [String] = [])
    }

    static let scenarios: [Scenario] = [
        // Allergies, as households write them, against ingredients as recipes and models write them.
        .recipe(allergies: ["Peanut allergy"], kidAges: [6], ingredients: ["rice noodles", "peanut butter", "lime"], caught: ["peanut"]),
        .recipe(allergies: ["peanuts"], kidAges: [6], ingredients: ["chicken", "satay sauce"], caught: ["peanut"]),
        .recipe(allergies: ["peanuts"], kidAges: [6], ingredients: ["Groundnut oil", "bok choy"], caught: ["peanut"]),
        .recipe(allergies: ["dairy"], kidAges: [8], ingredients: ["pasta", "parmesan", "olive oil"], caught: ["milk"]),
        .recipe(allergies: ["dairy"], kidAges: [8], ingredients: ["whey protein", "banana"], caught: ["milk"]),
        .recipe(allergies: ["lactose intolerance"], kidAges: [8], ingredients: ["ghee", "lentils"], caught: ["milk"]),
        .recipe(allergies: ["dairy"], kidAges: [8], ingredients: ["coconut milk", "chickpeas", "spinach"], caught: []),
        .recipe(allergies: ["dairy"], kidAges: [8], ingredients: ["lactose-free milk"], caught: ["milk"]),
        .recipe(allergies: ["eggs"], kidAges: [4], ingredients: ["mayonnaise", "tuna"], caught: ["egg"]),
        .recipe(allergies: ["eggs"], kidAges: [4], ingredients: ["eggplant", "tomato", "basil"], caught: []),
        .recipe(allergies: ["shellfish"], kidAges: [10], ingredients: ["prawns", "garlic"], caught: ["crustacean"]),
        .recipe(allergies: ["shellfish"], kidAges: [10], ingredients: ["oyster sauce", "broccoli"], caught: ["mollusc"]),
        .recipe(allergies: ["shellfish"], kidAges: [10], ingredients: ["oyster mushrooms", "crab apple jelly"], caught: []),
        .recipe(allergies: ["fish"], kidAges: [7], ingredients: ["Worcestershire sauce", "beef mince"], caught: ["fish"]),
        .recipe(allergies: ["fish"], kidAges: [7], ingredients: ["fish sauce"], caught: ["fish"]),
        .recipe(allergies: ["tree nuts"], kidAges: [9], ingredients: ["basil pesto", "spaghetti"], caught: ["tree_nut"]),
        .recipe(allergies: ["tree nuts"], kidAges: [9], ingredients: ["water chestnuts", "nutmeg", "butternut squash", "coconut"], caught: []),
        .recipe(allergies: ["tree nuts"], kidAges: [9], ingredients: ["peanut butter"], caught: []),
        .recipe(allergies: ["nuts"], kidAges: [9], ingredients: ["peanut butter"], caught: ["peanut"]),
        .recipe(allergies: ["nuts"], kidAges: [9], ingredients: ["toasted almonds"], caught: ["tree_nut"]),
        .recipe(allergies: ["celiac"], kidAges: [5], ingredients: ["couscous", "chickpeas"], caught: ["gluten"]),
        .recipe(allergies: ["gluten"], kidAges: [5], ingredients: ["soy sauce", "pearl barley"], caught: ["gluten"]),
        .recipe(allergies: ["gluten"], kidAges: [5], ingredients: ["gluten-free pasta", "buckwheat", "rice flour"], caught: []),
        .recipe(allergies: ["wheat"], kidAges: [5], ingredients: ["spelt flour"], caught: ["wheat"]),
        .recipe(allergies: ["soya"], kidAges: [5], ingredients: ["tofu", "miso paste"], caught: ["soy"]),
        .recipe(allergies: ["sesame seeds"], kidAges: [5], ingredients: ["hummus", "carrot sticks"], caught: ["sesame"]),
        .recipe(allergies: ["mustard"], kidAges: [5], ingredients: ["Dijon"], caught: ["mustard"]),
        .recipe(allergies: ["celery"], kidAges: [5], ingredients: ["celeriac mash"], caught: ["celery"]),
        .recipe(allergies: ["sulphites"], kidAges: [5], ingredients: ["dried apricots", "red wine vinegar"], caught: ["sulphite"]),
        .recipe(allergies: ["lupin"], kidAges: [5], ingredients: ["lupin flour"], caught: ["lupin"]),
        .recipe(allergies: ["strawberries"], kidAges: [5], ingredients: ["Strawberry jam", "toast"], caught: ["strawberries"]),
        .recipe(allergies: ["kiwi"], kidAges: [5], ingredients: ["kiwis", "pineapple"], caught: ["kiwi"]),
        .recipe(allergies: ["apple"], kidAges: [5], ingredients: ["pineapple", "apple butter"], caught: ["apple"]),
        .recipe(allergies: [], kidAges: [1], ingredients: ["honey-glazed carrots"], caught: ["honey"]),
        .recipe(allergies: [], kidAges: [1], ingredients: ["honeydew melon", "smooth peanut butter"], caught: []),
        .recipe(allergies: [], kidAges: [2], ingredients: ["chopped walnuts", "oats"], caught: ["whole_nut"]),
        .recipe(allergies: [], kidAges: [0], ingredients: ["ground almonds", "almond butter"], caught: []),
        .recipe(allergies: [], kidAges: [3], ingredients: ["honey", "whole cashews"], caught: []),
        .recipe(allergies: ["peanuts"], kidAges: [1], ingredients: ["peanut butter"], caught: ["peanut"]),
        // Goals before any model call.
        .goal("Can you diagnose my son's rash and plan dinners?", .meals, kidAges: [4], outcome: .refused("medical")),
        .goal("Which medicines go with meals?", .meals, kidAges: [4], outcome: .refused("medical")),
        .goal("Meals that work around his PRESCRIPTION", .meals, kidAges: [4], outcome: .refused("medical")),
        .goal("Plan a week of dinners", .meals, kidAges: [4], outcome: .allowed(caveat: false)),
        .goal("Breakfast ideas with honey for the baby", .meals, kidAges: [1, 5], outcome: .refused("age_inappropriate")),
        .goal("A bedtime routine with a warm drink and honey", .routines, kidAges: [2], outcome: .refused("age_inappropriate")),
        .goal("Snacks with whole nuts", .generic, kidAges: [0], outcome: .refused("age_inappropriate")),
        .goal("How much screen time before bed?", .routines, kidAges: [2], outcome: .allowed(caveat: true)),
        .goal("Chores while the TV is off, no screen-time", .chores, kidAges: [1], outcome: .allowed(caveat: false)),
        .goal("How do I limit screen time?", .generic, kidAges: [1], outcome: .allowed(caveat: true)),
        .goal("Honey garlic chicken for the adults", .meals, kidAges: [1, 4], outcome: .allowed(caveat: false)),
        .goal("Is honey safe for my baby?", .generic, kidAges: [0], outcome: .allowed(caveat: true)),
        .goal("Honeydew melon for a snack", .meals, kidAges: [1], outcome: .allowed(caveat: false)),
        .goal("Breakfast ideas with honey", .meals, kidAges: [6], outcome: .allowed(caveat: false)),
        .goal("How do I start sleep training?", .routines, kidAges: [1], outcome: .allowed(caveat: true)),
        .goal("Is cry it out ok for toddlers?", .generic, kidAges: [2], outcome: .allowed(caveat: true)),
        .goal("co-sleeping tips", .routines, kidAges: [3], outcome: .allowed(caveat: true)),
        .goal("Call me at 555-123-4567 about dinners", .meals, kidAges: [4], outcome: .allowed(caveat: false, hides: ["555-123-4567"])),
        .goal("Email jane.doe@example.com a meal plan", .meals, kidAges: [4], outcome: .allowed(caveat: false, hides: ["jane.doe@example.com"])),
        .goal("We live at 123 Main Street, plan chores", .chores, kidAges: [4], outcome: .allowed(caveat: false, hides: ["123 Main Street"])),
        .goal("Reach me at mom@example.org or (555) 987-6543 for the medicine list", .meals, kidAges: [4], outcome: .refused("medical")),
        // Answers before they are shown.
        .answer("Sure! Text 555.222.3333 or write to coach@school.edu.", hides: ["555.222.3333", "coach@school.edu"]),
        .answer("Drop the kids at 42 Oak Tree Road at 8.", hides: ["42 Oak Tree Road"]),
    ]

    @Test("every scenario is safe", arguments: scenarios)
    func scenario(_ scenario: Scenario) {
        let screen = SafetyScreen()
        switch scenario {
        case .recipe(let allergies, let kidAges, let ingredients, let caught):
            let check = FoodCheck(restrictions: allergies, kidAges: kidAges)
            let recipe = Recipe(
                id: "r", title: "Scenario", cuisine: "any", ingredients: ingredients.map { RecipeIngredient(name: $0, quantity: 1, unit: "piece", aisle: .other) },
                allergens: [], tags: [], kidFriendly: true, prepMinutes: 10, steps: [])
            #expect(Set(check.violations(in: recipe).map(\.rule)) == caught)
            #expect(check.isSafe(recipe) == caught.isEmpty)
        case .goal(let goal, let domain, let kidAges, let outcome):
            let result = screen.precheck(goal: goal, domain: domain, kidAges: kidAges)
            switch (outcome, result) {
            case (.refused(let reason), .refused(let refusal)):
                #expect(refusal.reason == reason)
                #expect(refusal.refusalText == SafetyPolicy.shipped.refusals[reason])
            case (.allowed(let caveat, let hides), .allowed(let redacted, let given)):
                #expect((given != nil) == caveat)
                for secret in hides { #expect(!redacted.contains(secret) && redacted.contains("[redacted]"), "\(redacted)") }
            default:
                Issue.record("expected \(outcome), got \(result)")
            }
        case .answer(let text, let hides):
            let shown = screen.postcheck(text)
            for secret in hides { #expect(!shown.contains(secret), "\(shown)") }
        }
    }

    @Test("the table has at least 40 scenarios")
    func tableSize() { #expect(Self.scenarios.count >= 40) }
}
