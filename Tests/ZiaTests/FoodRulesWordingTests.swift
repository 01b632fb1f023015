import Testing
import ZiaAPI
import ZiaSafety

@testable import ZiaAssistant

/// How the food rules read the words families, goals and recipes use: diets beside allergies,
/// substitutes and negations, what a dish is made of, other languages, everyday words that are not
/// food, and the notes, goals and ages around them (pure logic).
@Suite("Zia food rules: what the words mean")
struct FoodRulesWordingTests {
    @Test("a rule naming a diet and an allergy keeps both")
    func dietAndAllergy() {
        let check = FoodCheck(restrictions: ["Vegetarian with a peanut allergy"], kidAges: [])
        #expect(!check.violations(inIngredient: "roasted peanuts").isEmpty)
        #expect(!check.violations(inIngredient: "chicken thighs").isEmpty)
        #expect(check.rules.rules.first?.means == ["vegetarian", "peanut"])
    }

    @Test("a substitute word frees only the food right after it, never across and, or, with")
    func substitutesStayLocal() {
        let vegetarian = FoodCheck(restrictions: ["vegetarian"], kidAges: [])
        for line in ["Tuesday: roasted veggies and chicken thighs", "Sheet-pan veggies with sausage", "Veggie and ham frittata"] {
            #expect(!vegetarian.violations(inText: line).isEmpty, "\(line)")
        }
        #expect(vegetarian.violations(inText: "Monday: vegetarian sausage rolls").isEmpty)
    }

    @Test("only real negations make a food a warning: swap, replace and instead offer it")
    func warnings() {
        let peanuts = FoodCheck(restrictions: ["peanuts"], kidAges: [])
        for line in ["Allergy swap: use peanut butter instead of jam", "For crunch, swap in chopped peanuts", "Replace with peanut butter"] {
            #expect(!peanuts.violations(inText: line).isEmpty, "\(line)")
        }
        #expect(peanuts.violations(inText: "Never give peanuts to the baby").isEmpty)
        let baby = FoodCheck(restrictions: [], kidAges: [1])
        #expect(!baby.violations(inText: "Instead, give honey").isEmpty && !baby.violations(inText: "Swap in whole almonds").isEmpty)
    }

    @Test("a gluten-free diet eats gluten-free pasta; minced garlic is not meat")
    func falsePositives() {
        let glutenFree = FoodCheck(restrictions: ["gluten-free"], kidAges: [])
        #expect(glutenFree.violations(inIngredient: "gluten-free pasta").isEmpty && !glutenFree.violations(inIngredient: "spaghetti").isEmpty)
        #expect(FoodCheck(restrictions: ["vegetarian"], kidAges: []).violations(inIngredient: "minced garlic").isEmpty)
        #expect(!FoodCheck(restrictions: ["no red meat"], kidAges: []).violations(inIngredient: "flank steak").isEmpty)
        #expect(!FoodCheck(restrictions: ["poultry"], kidAges: []).violations(inIngredient: "turkey slices").isEmpty)
    }

    @Test("a dish carries every allergen of what it is made of: pesto, pizza, pancakes, carbonara")
    func compositeDishes() {
        let table = FoodTable.standard
        func carries(_ dish: String) -> Set<String> { table.tags(in: WordSplitter.words(dish)) }
        #expect(carries("basil pesto").isSuperset(of: ["tree_nut", "milk"]))
        #expect(carries("pizza").isSuperset(of: ["wheat", "milk"]) && !carries("pizza dough").contains("milk"))
        #expect(carries("pancakes").isSuperset(of: ["wheat", "egg", "milk"]) && carries("waffles").isSuperset(of: ["wheat", "egg", "milk"]))
        #expect(carries("spaghetti carbonara").isSuperset(of: ["wheat", "egg", "milk", "pork"]))
        #expect(carries("lasagna").contains("milk") && !carries("lasagna sheets").contains("milk"))
        let dairyFree = FoodCheck(restrictions: ["dairy-free"], kidAges: [])
        #expect(!dairyFree.violations(inText: "Friday: pizza night").isEmpty && !dairyFree.violations(inText: "Pancakes for breakfast").isEmpty)
    }

    @Test("allergies written as one German word, and shellfish and cheese in the family's own language")
    func foreignWords() {
        let table = FoodTable.standard
        #expect(table.allergens(inAllergy: "Erdnussallergie") == ["peanut"])
        #expect(table.allergens(inAllergy: "Laktoseintoleranz") == ["milk"])
        #expect(table.allergens(inAllergy: "Glutenunverträglichkeit") == ["gluten"])
        #expect(table.allergens(inAllergy: "Schalentiere") == ["crustacean", "mollusc"])
        for (word, allergen) in [("crevettes", "crustacean"), ("mariscos", "crustacean"), ("gamberi", "crustacean"), ("camarão", "crustacean")] {
            #expect(table.allergens(inAllergy: word).contains(allergen), "\(word)")
        }
        for word in ["fromage", "Käse", "queso", "formaggio", "queijo"] { #expect(table.allergens(inAllergy: word) == ["milk"], "\(word)") }
        #expect(!FoodCheck(restrictions: ["Erdnussallergie"], kidAges: []).violations(inIngredient: "peanut butter").isEmpty)
    }

    @Test("everyday words in an answer are not food: wrap up, stock up, take stock")
    func idioms() {
        let check = FoodCheck(restrictions: ["gluten-free", "vegetarian"], kidAges: [])
        for line in ["Wrap up the day with a story", "Stock up on fruit for the week", "Take stock of what worked", "Beef up the routine with a bath"] {
            #expect(check.violations(inText: line).isEmpty, "\(line): \(check.violations(inText: line))")
        }
        #expect(!check.violations(inText: "Wrap the chicken in a tortilla").isEmpty)
        #expect(!check.violations(inText: "Simmer in chicken stock").isEmpty)
        for line in ["Cook the rice in stock", "Add a cup of stock", "Cut the ham up small", "Stock up on bread"] {
            #expect(!check.violations(inText: line).isEmpty, "\(line) offers food")
        }
    }

    @Test("vanilla as recipes list it is the extract: out for an alcohol-free or halal family, unless it says it is alcohol-free")
    func vanilla() {
        for rule in ["no alcohol", "halal"] {
            let check = FoodCheck(restrictions: [rule], kidAges: [])
            #expect(!check.violations(inIngredient: "vanilla").isEmpty && !check.violations(inIngredient: "vanilla extract").isEmpty, "\(rule)")
            #expect(check.violations(inIngredient: "alcohol-free vanilla").isEmpty && check.violations(inIngredient: "vanilla bean").isEmpty, "\(rule)")
        }
        #expect(FoodCheck(restrictions: ["vegetarian"], kidAges: []).violations(inIngredient: "vanilla").isEmpty)
    }

    @Test("a baby's note cuts up the small round foods a dish has, and olive oil is not olives")
    func babyNotes() {
        let dish = Recipe(
            id: "t", title: "Roast Chicken Legs", cuisine: "american",
            ingredients: [
                RecipeIngredient(name: "olive oil", quantity: 2, unit: "tbsp", aisle: .pantry),
                RecipeIngredient(name: "cherry tomatoes", quantity: 200, unit: "g", aisle: .produce),
            ],
            allergens: [], tags: ["dinner"], kidFriendly: true, prepMinutes: 30, steps: [])
        let note = BabyPortions.note(dish, for: HouseholdKid(name: "Ada", age: 1))
        #expect(!note.contains("olives") && note.contains("quarter the cherry tomatoes"), "\(note)")
    }

    @Test("what a goal rules out is never searched for; a diet it names is")
    func searchQueries() {
        let query = ZiaOfflineModel.searchQuery(goal: "My son is allergic to sesame, plan vegetarian dinners with no mushrooms", cuisines: [])
        #expect(!query.contains("sesame") && !query.contains("allergic") && !query.contains("mushroom"), "\(query)")
        #expect(query.contains("vegetarian"), "\(query)")
    }

    @Test("a goal states no rule by 'no-bake' or by a verb in a list; a diet's nickname is not one")
    func statedRules() {
        #expect(StatedRules.read("No-bake peanut butter bars for the kids' snack") == [])
        #expect(StatedRules.read("no veggies, please") == ["no veggies"])
        #expect(FoodCheck(restrictions: ["no veggies"], kidAges: []).rules.rules.first?.kind == .words, "'veggie' is not vegetarian")
    }

    @Test("a plan or a menu is a week; one meal only when asked for")
    func mealRequests() {
        for goal in ["Make a meal plan for my family", "Create a healthy dinner plan", "Plan a vegetarian menu"] {
            #expect(MealRequest.read(goal).days == 7, "\(goal)")
        }
        #expect(MealRequest.read("A quick lunch for tomorrow").days == 1)
        #expect(MealRequest.read("Plan falafel pitas for dinner tonight").days == 1)
    }

    @Test("an age gate's exceptions govern the hazard itself")
    func preciseExceptions() {
        let screen = SafetyScreen()
        for goal in [
            "Plan a safe bedtime routine with 30 minutes of screen time for my 1-year-old", "Bedtime routine with TV time for the baby, and a coffee for me",
            "No limits on screen time", "not too much screen time",
        ] {
            guard case .refused = screen.precheck(goal: goal, domain: .routines, kidAges: [1]) else {
                Issue.record("\(goal) was allowed")
                continue
            }
        }
    }

    @Test("phones after a colon are redacted (after a dash they may be the end of an id, as in a UUID)")
    func phonesAfterPunctuation() {
        for text in ["Tel:07700900123", "tel:+447700900123", "WhatsApp:+33612345678", "phone: 020 7946 0123"] {
            #expect(PIIRedactor.redact(text).contains(PIIRedactor.replacement), "\(text) → \(PIIRedactor.redact(text))")
        }
    }

    @Test("a kid sent without a name keeps only its own place's restrictions; kidsAges for a changed number of kids is refused")
    func householdKids() {
        let stored = HouseholdProfile(kids: [HouseholdKid(name: "Child 1", age: 0), HouseholdKid(name: "Child 2", age: 5, dietaryRestrictions: ["peanuts"])])
        let oneKid = HouseholdProfile.check(HouseholdProfile.Input(kids: [HouseholdProfile.Input.Kid(age: 5)]), onto: stored)
        #expect(oneKid.value == nil && oneKid.problems.map(\.field) == ["kids[0].dietary_restrictions"], "\(oneKid.problems)")
        let ages = HouseholdProfile.check(HouseholdProfile.Input(kidsAges: [5]), onto: stored)
        #expect(ages.value == nil && ages.problems.map(\.field) == ["kidsAges"])
    }
}
