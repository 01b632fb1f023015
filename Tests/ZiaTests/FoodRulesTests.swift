import Testing
import ZiaAPI
import ZiaSafety

/// Diets, foreign-language allergies, unknown foods and labels in the food check (pure logic).
@Suite("Zia food rules: diets, languages, unknown foods, labels")
struct FoodRulesTests {
    /// Each diet: what it must keep out, and look-alikes it must let through.
    static let diets: [(diet: String, excludes: [String], allows: [String])] = [
        (
            "vegetarian",
            [
                "chicken thighs", "beef broth", "bacon", "fish sauce", "Worcestershire sauce", "gelatin", "anchovy fillets", "shrimp", "chicken stock",
                "lard", "ground turkey", "italian sausage", "oyster sauce", "broth", "marshmallows",
            ],
            ["vegetarian sausage", "vegetable broth", "vegan Worcestershire sauce", "veggie burger", "eggs", "cheddar", "kidney beans", "plant-based mince"]
        ),
        (
            "vegan", ["honey", "butter", "eggs", "gelatin", "chicken", "parmesan", "mayonnaise", "fish sauce"],
            ["vegan cheese", "coconut milk", "oat milk", "peanut butter", "vegan mayonnaise", "tofu", "maple syrup"]
        ),
        ("pescatarian", ["chicken breast", "bacon", "beef chuck", "gelatin", "lamb chops"], ["salmon fillets", "shrimp", "cheddar", "eggs", "tofu"]),
        (
            "halal",
            [
                "bacon", "ham", "prosciutto", "pancetta", "lard", "chorizo", "pepperoni", "gelatin", "dry white wine", "mirin", "beer", "rum",
                "cooking sherry", "vanilla extract", "italian sausage", "pork shoulder",
            ],
            ["chicken breast", "beef chuck", "turkey bacon", "halal gelatin", "alcohol-free vanilla extract", "red wine vinegar", "ginger beer", "apple cider vinegar", "lamb"]
        ),
        ("kosher", ["pork shoulder", "shrimp", "mussels", "gelatin", "bacon"], ["beef chuck", "salmon fillets", "cheddar", "chicken breast"]),
        ("no pork", ["bacon", "italian sausage", "ham", "gelatin", "pepperoni", "lard"], ["chicken sausage", "turkey bacon", "burger buns", "beef chuck"]),
        ("no beef", ["ground beef", "flank steak", "veal", "beef broth", "cheeseburgers", "brisket"], ["beef tomatoes", "burger buns", "tuna steak", "chicken"]),
        (
            "no alcohol", ["dry white wine", "mirin", "sake", "beer", "rum", "vanilla extract", "cooking sherry", "red wine", "shaoxing wine"],
            ["red wine vinegar", "alcohol-free vanilla extract", "ginger ale", "root beer", "apple cider", "rice vinegar"]
        ),
        ("dairy-free", ["butter", "milk", "parmesan", "naan", "milk chocolate"], ["coconut milk", "oat milk", "dairy-free cheese", "peanut butter"]),
        (
            "gluten-free", ["hoagie rolls", "burger buns", "spaghetti", "soy sauce", "barley", "breadcrumbs", "rolled oats"],
            ["rice noodles", "tamari", "corn tortillas", "gluten-free rice pasta", "quinoa"]
        ),
    ]

    @Test("each diet keeps out what it excludes and lets its look-alikes through", arguments: diets.indices)
    func diet(_ index: Int) {
        let (diet, excludes, allows) = Self.diets[index]
        let check = FoodCheck(restrictions: [diet], kidAges: [])
        #expect(check.rules.rules.map(\.kind) == [.diet], "\(diet) is read as a diet: \(check.rules)")
        for ingredient in excludes { #expect(!check.violations(inIngredient: ingredient).isEmpty, "\(diet) must keep out \(ingredient)") }
        for ingredient in allows { #expect(check.violations(inIngredient: ingredient).isEmpty, "\(diet) must allow \(ingredient): \(check.violations(inIngredient: ingredient))") }
    }

    @Test("kosher-style keeps meat and milk apart in one dish; fish with butter is fine")
    func kosherKeepsMeatFromMilk() {
        let check = FoodCheck(restrictions: ["Kosher"], kidAges: [])
        func recipe(_ names: [String]) -> Recipe {
            Recipe(
                id: "r", title: "R", cuisine: "any", ingredients: names.map { RecipeIngredient(name: $0, quantity: 1, unit: "g", aisle: .other) }, allergens: [],
                tags: [], kidFriendly: true, prepMinutes: 10, steps: [])
        }
        #expect(!check.isSafe(recipe(["ground beef", "cheddar", "burger buns"])))
        #expect(check.violations(in: recipe(["chicken breast", "butter"])).map(\.rule) == ["kosher_style"])
        #expect(check.isSafe(recipe(["salmon fillets", "butter", "lemon"])))
        #expect(check.isSafe(recipe(["ground beef", "onion", "olive oil"])))
        #expect(!check.violations(inText: "Monday: Chicken Alfredo").isEmpty, "a line naming meat with cream")
    }

    @Test("a rule is read as a diet, an allergy or plain words, and the reading says which")
    func readings() {
        let expected: [(written: String, kind: FoodRules.Kind, means: [String])] = [
            ("Vegetarian", .diet, ["vegetarian"]), ("no pork", .diet, ["no_pork"]), ("Halal", .diet, ["halal"]), ("végétarien", .diet, ["vegetarian"]),
            ("sin gluten", .diet, ["gluten_free"]), ("Kosher-style", .diet, ["kosher_style"]), ("teetotal", .diet, ["no_alcohol"]),
            ("pescatarian", .diet, ["pescatarian"]), ("plant-based", .diet, ["vegan"]), ("kiwi", .words, ["kiwi"]), ("no mushrooms", .words, ["mushrooms"]),
            ("Erdnüsse", .allergy, ["peanut"]), ("cacahuètes", .allergy, ["peanut"]), ("maní", .allergy, ["peanut"]),
            ("frutos secos", .allergy, ["peanut", "tree_nut"]), ("lattosio", .allergy, ["milk"]), ("glutine", .allergy, ["gluten"]),
            ("amendoim", .allergy, ["peanut"]), ("Peanut allergy", .allergy, ["peanut"]), ("shellfish", .allergy, ["crustacean", "mollusc"]),
            ("Milch", .allergy, ["milk"]), ("arachidi", .allergy, ["peanut"]), ("œufs", .allergy, ["egg"]), ("sésamo", .allergy, ["sesame"]),
        ]
        for (written, kind, means) in expected {
            let rules = FoodCheck(restrictions: [written], kidAges: []).rules
            #expect(rules.rules == [FoodRules.Rule(text: written, kind: kind, means: means)], "\(written): \(rules)")
            #expect(rules.rules.first?.understood == (kind != .words))
        }
        let mixed = FoodCheck(restrictions: ["Peanuts, kiwi", "vegan and halal"], kidAges: [1, 6]).rules
        #expect(mixed.rules.map(\.text) == ["Peanuts", "kiwi", "vegan", "halal"])
        #expect(mixed.plainWords.map(\.text) == ["kiwi"])
        #expect(mixed.infantHazards == ["honey", "whole_nut"])
    }

    @Test("allergies in French, German, Spanish, Italian and Portuguese keep their allergen out of the plan")
    func foreignAllergies() {
        let written = ["cacahuètes", "Erdnüsse", "maní", "frutos secos", "arachidi", "amendoim"]
        for allergy in written {
            let check = FoodCheck(restrictions: [allergy], kidAges: [])
            #expect(!check.violations(inIngredient: "roasted peanuts").isEmpty, "\(allergy) must keep peanuts out")
            #expect(!check.violations(inIngredient: "peanut butter").isEmpty, "\(allergy) must keep peanut butter out")
        }
        #expect(!FoodCheck(restrictions: ["lattosio"], kidAges: []).violations(inIngredient: "parmesan").isEmpty)
        #expect(!FoodCheck(restrictions: ["glutine"], kidAges: []).violations(inIngredient: "spaghetti").isEmpty)
    }

    @Test("an ingredient the table cannot read is unsafe for a household with allergies or diets, unless it says it is free of them")
    func unknownFood() {
        let peanuts = FoodCheck(restrictions: ["peanuts"], kidAges: [])
        #expect(peanuts.violations(inIngredient: "mystery paste").map(\.rule) == [FoodViolation.unknownFood])
        #expect(peanuts.violations(inIngredient: "peanut-free mystery bar").isEmpty)
        #expect(peanuts.violations(inIngredient: "sauce").map(\.rule) == [FoodViolation.unknownFood], "a form alone names no food")
        #expect(FoodCheck(restrictions: ["gluten"], kidAges: []).violations(inIngredient: "gluten-free zorble rolls").isEmpty)
        #expect(FoodCheck(restrictions: ["vegan"], kidAges: []).violations(inIngredient: "vegan zorble patty").isEmpty)
        #expect(!FoodCheck(restrictions: ["vegan", "peanuts"], kidAges: []).violations(inIngredient: "vegan zorble patty").isEmpty, "not free of peanuts")
        #expect(FoodCheck(restrictions: ["kiwi"], kidAges: []).violations(inIngredient: "mystery paste").isEmpty, "words alone trust the table's silence")
        #expect(FoodCheck(restrictions: [], kidAges: [1]).violations(inIngredient: "mystery paste").isEmpty, "infant hazards alone too")
        #expect(FoodCheck(restrictions: [], kidAges: []).violations(inIngredient: "mystery paste").isEmpty)
        #expect(peanuts.violations(inText: "Monday: a zorble feast").isEmpty, "a sentence's unknown words are not food")
        #expect(FoodTable.standard.unknownWords(inIngredient: "2 large eggs, beaten").isEmpty)
        #expect(FoodTable.standard.unknownWords(inIngredient: "zorble rolls") == ["zorble"])
    }

    @Test("a recipe is served only if neither its ingredients nor its label name a rule; buns and hoagie rolls carry what they are made with")
    func labelsAndBreads() {
        let labelled = Recipe(
            id: "r", title: "R", cuisine: "any", ingredients: [RecipeIngredient(name: "rice", quantity: 1, unit: "g", aisle: .pantry)], allergens: ["sesame"],
            tags: [], kidFriendly: true, prepMinutes: 10, steps: [])
        let sesame = FoodCheck(restrictions: ["sesame"], kidAges: [])
        #expect(sesame.violations(in: labelled) == [FoodViolation(ingredient: FoodViolation.label, rule: "sesame", carries: "sesame")])
        #expect(FoodCheck(restrictions: ["milk"], kidAges: []).isSafe(labelled))
        #expect(!sesame.violations(inIngredient: "burger buns").isEmpty)
        #expect(!sesame.violations(inIngredient: "hoagie rolls").isEmpty)
        #expect(sesame.violations(inIngredient: "sesame-free burger buns").isEmpty)
        let gluten = FoodCheck(restrictions: ["gluten"], kidAges: [])
        #expect(!gluten.violations(inIngredient: "hoagie rolls").isEmpty)
        #expect(!gluten.violations(inIngredient: "burger buns").isEmpty)
        #expect(gluten.violations(inIngredient: "gluten-free rice pasta").isEmpty)
        #expect(FoodCheck(restrictions: ["wheat"], kidAges: []).violations(inIngredient: "gluten-free rice pasta").isEmpty)
    }
}
