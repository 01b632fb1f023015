import Testing
import ZiaAPI
import ZiaSafety

/// The allergen synonym table and the household check built on it (pure logic).
@Suite("Zia allergen table")
struct SafetyFoodTableTests {
    /// Every allergen of the FDA's 9 and the EU's 14 (and the infant hazards), with products that carry it.
    static let products: [(allergen: String, products: [String])] = [
        ("milk", ["whey", "ghee", "butter", "Cheddar cheese", "Greek yogurt", "double cream", "casein", "buttermilk", "crème fraîche", "Monterey Jack"]),
        ("egg", ["mayonnaise", "meringue", "aioli", "2 large eggs", "egg noodles"]),
        ("fish", ["anchovies", "fish sauce", "Worcestershire sauce", "salmon fillet", "canned tuna"]),
        ("crustacean", ["shrimp", "king prawns", "crab meat", "lobster tail", "shellfish stock", "green curry paste", "kimchi"]),
        ("mollusc", ["clams", "mussels", "oysters", "squid rings", "scallops", "oyster sauce"]),
        ("tree_nut", ["almonds", "walnut halves", "cashews", "pecans", "pistachios", "hazelnuts", "Brazil nuts", "macadamia", "marzipan"]),
        ("peanut", ["peanut butter", "groundnuts", "satay sauce", "salted peanuts", "monkey nuts"]),
        ("wheat", ["wheat flour", "bread", "pasta", "couscous", "bulgur", "semolina", "spelt", "farro", "soy sauce", "seitan", "flour tortillas", "baguette", "gochujang"]),
        ("gluten", ["barley", "rye bread", "spelt", "farro", "couscous", "bulgur", "semolina", "pasta", "bread", "plain flour", "soy sauce", "seitan", "malt vinegar"]),
        ("soy", ["tofu", "tempeh", "edamame", "miso", "soy sauce", "soya milk"]),
        ("sesame", ["tahini", "hummus", "sesame oil", "toasted sesame seeds"]),
        ("celery", ["celery sticks", "celeriac", "celery salt", "vegetable broth", "chicken stock"]),
        ("mustard", ["Dijon mustard", "wholegrain mustard", "mustard seeds"]),
        ("sulphite", ["white wine", "dried apricots", "red wine vinegar", "raisins"]),
        ("lupin", ["lupin flour", "lupini beans"]),
        ("honey", ["honey", "Honey-glazed ham", "honeycomb"]),
        ("whole_nut", ["whole almonds", "chopped peanuts", "mixed nuts", "walnuts"]),
    ]

    @Test("every FDA-9 and EU-14 allergen is found in at least two of its products")
    func products() {
        #expect(Set(Self.products.map(\.allergen)) == Set(FoodTable.canonical + FoodTable.infantHazards))
        for (allergen, products) in Self.products {
            #expect(products.count >= 2)
            let check = FoodCheck(restrictions: [allergen], kidAges: [1])
            for product in products {
                #expect(check.violations(inIngredient: product).map(\.rule).contains(allergen), "\(product) should carry \(allergen)")
                if FoodTable.canonical.contains(allergen) {
                    #expect(FoodTable.standard.allergens(inIngredient: product).contains(allergen), "\(product)")
                } else {
                    #expect(FoodTable.standard.infantHazards(inIngredient: product).contains(allergen), "\(product)")
                }
            }
        }
    }

    /// Safe look-alikes: each must pass the allergen it looks like.
    static let lookAlikes: [(allergy: String, ingredient: String)] = [
        ("dairy", "coconut milk"), ("milk", "oat milk"), ("dairy", "dairy-free cheese"), ("milk", "cream of tartar"), ("dairy", "peanut butter"),
        ("dairy", "butter beans"), ("dairy", "cocoa butter"), ("tree nuts", "butternut squash"), ("tree nuts", "nutmeg"), ("tree nuts", "water chestnuts"),
        ("tree nuts", "coconut"), ("tree nuts", "doughnut"), ("eggs", "eggplant"), ("eggs", "egg-free mayonnaise"), ("gluten", "gluten-free pasta"),
        ("gluten", "buckwheat"), ("gluten", "rice noodles"), ("gluten", "corn tortillas"), ("gluten", "ginger ale"), ("wheat", "buckwheat flour"),
        ("peanuts", "peanut-free chocolate spread"), ("nuts", "nut-free granola"), ("peanuts", "pine nuts"), ("shellfish", "oyster mushrooms"),
        ("shellfish", "crab apples"), ("fish", "shellfish"), ("fish", "Swedish Fish"), ("soy", "sunflower lecithin"), ("celery", "celebration cake"),
        ("honey", "honeydew"), ("apple", "pineapple"), ("egg", "veggie burger"), ("wheat", "buckwheat"), ("milk", "buttercup squash"),
    ]

    @Test("safe look-alikes pass")
    func lookAlikesPass() {
        for (allergy, ingredient) in Self.lookAlikes {
            #expect(FoodCheck(restrictions: [allergy], kidAges: []).violations(inIngredient: ingredient).isEmpty, "\(ingredient) is not \(allergy)")
        }
    }

    @Test("how households write allergies names the canonical allergens")
    func aliases() {
        let expected: [String: Set<String>] = [
            "peanuts": ["peanut"], "Peanut allergy": ["peanut"], "dairy": ["milk"], "lactose": ["milk"], "Lactose intolerant": ["milk"],
            "shellfish": ["crustacean", "mollusc"], "tree nuts": ["tree_nut"], "nuts": ["tree_nut", "peanut"], "gluten": ["gluten"], "celiac": ["gluten"],
            "Coeliac disease": ["gluten"], "wheat": ["wheat"], "eggs": ["egg"], "sesame seeds": ["sesame"], "soy": ["soy"], "soya": ["soy"],
            "fish": ["fish"], "seafood": ["fish", "crustacean", "mollusc"], "molluscs": ["mollusc"], "crustaceans": ["crustacean"], "celery": ["celery"],
            "mustard": ["mustard"], "sulfites": ["sulphite"], "lupine": ["lupin"], "walnuts": ["tree_nut"], "shrimp": ["crustacean"], "strawberries": [],
        ]
        for (written, allergens) in expected {
            #expect(FoodTable.standard.allergens(inAllergy: written) == allergens, "\(written)")
        }
    }

    @Test("an allergy entry may name several; a kid of 0–2 adds honey and whole nuts")
    func household() {
        let check = FoodCheck(restrictions: ["Peanuts, kiwi", "Eggs and milk"], kidAges: [7, 2])
        #expect(check.allergens == ["peanut", "egg", "milk", "honey", "whole_nut"])
        #expect(check.violations(inIngredient: "kiwi fruit").map(\.rule) == ["kiwi"])
        #expect(FoodCheck(restrictions: [], kidAges: [3, 9]).isEmpty)
        #expect(!FoodCheck(restrictions: [], kidAges: [0]).isEmpty)
        #expect(!FoodCheck(restrictions: ["kiwi"], kidAges: []).isEmpty)
    }

    @Test("words match as words, with plurals and inflections, never inside other words")
    func wordMatching() {
        let apple = FoodCheck(restrictions: ["apples"], kidAges: [])
        #expect(apple.violations(inIngredient: "pineapple chunks").isEmpty)
        #expect(apple.violations(inIngredient: "Apple slices").count == 1)
        #expect(apple.violations(inIngredient: "green apples").count == 1)
        let berries = FoodCheck(restrictions: ["strawberry"], kidAges: [])
        #expect(berries.violations(inIngredient: "fresh strawberries").count == 1)
        let milk = FoodCheck(restrictions: ["milk"], kidAges: [])
        #expect(milk.violations(inIngredient: "buttered toast").count == 1)
        #expect(milk.violations(inIngredient: "BUTTER").count == 1)
        #expect(milk.violations(inIngredient: "butternut").isEmpty)
        let egg = FoodCheck(restrictions: ["egg"], kidAges: [])
        #expect(egg.violations(inIngredient: "eggs, beaten").count == 1)
        #expect(egg.violations(inIngredient: "veggies").isEmpty)
    }

    @Test("the check reads ingredients, not the recipe's label; grocery items are checked too")
    func readsIngredientsAndGroceries() {
        let mislabelled = Recipe(
            id: "pad-thai", title: "Pad thai", cuisine: "thai",
            ingredients: [
                RecipeIngredient(name: "rice noodles", quantity: 200, unit: "g", aisle: .pantry),
                RecipeIngredient(name: "crushed peanuts", quantity: 40, unit: "g", aisle: .pantry),
            ],
            allergens: [], tags: [], kidFriendly: true, prepMinutes: 20, steps: [])
        let check = FoodCheck(restrictions: ["peanuts"], kidAges: [])
        #expect(check.violations(in: mislabelled) == [FoodViolation(ingredient: "crushed peanuts", allergen: "peanut")])
        #expect(!check.isSafe(mislabelled))
        let list = GroceryList(aisles: ["pantry": [.init(name: "peanut butter", quantity: 1, unit: "jar"), .init(name: "rice", quantity: 1, unit: "kg")]])
        #expect(check.violations(in: list) == [FoodViolation(ingredient: "peanut butter", allergen: "peanut")])
        #expect(check.violations(inGroceryItem: .init(name: "rice", quantity: 1, unit: "kg")).isEmpty)
    }

    @Test("checking 100 recipes of 15 ingredients against every allergen stays linear")
    func manyRecipes() {
        let names = Self.products.flatMap(\.products) + Self.lookAlikes.map(\.ingredient)
        let recipes = (0..<100).map { i in
            Recipe(
                id: "r\(i)", title: "R\(i)", cuisine: "any",
                ingredients: (0..<15).map { RecipeIngredient(name: names[(i * 15 + $0) % names.count], quantity: 1, unit: "g", aisle: .other) },
                allergens: [], tags: [], kidFriendly: true, prepMinutes: 10, steps: [])
        }
        let check = FoodCheck(restrictions: FoodTable.canonical + ["kiwi"], kidAges: [1])
        let unsafe = recipes.filter { !check.isSafe($0) }
        #expect(!unsafe.isEmpty)
    }
}
