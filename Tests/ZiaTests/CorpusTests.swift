import Foundation
import Testing
import ZiaAPI
import ZiaCorpus
import ZiaSafety

/// The shipped recipe corpus and knowledge base: they decode, and they cover what planning for
/// hard households needs.
@Suite("Zia corpus")
struct CorpusTests {
    static let recipes = RecipeCorpus.shipped
    static let articles = KnowledgeBase.shipped
    static let canonicalAllergens: Set<String> = [
        "milk", "egg", "fish", "crustacean", "mollusc", "tree_nut", "peanut", "wheat", "gluten", "soy", "sesame", "celery", "mustard", "sulphite", "lupin",
        "honey", "whole_nut",
    ]
    static let fda9: Set<String> = ["milk", "egg", "fish", "crustacean", "tree_nut", "peanut", "wheat", "soy", "sesame"]
    /// Cuisine → its family, for the per-family coverage rule.
    static let families = [
        "chinese": "asian", "japanese": "asian", "thai": "asian", "korean": "asian", "indian": "asian", "vietnamese": "asian", "greek": "mediterranean",
        "middle_eastern": "mediterranean", "spanish": "mediterranean",
    ]

    @Test("at least 80 recipes with unique ids and titles, real quantities, 3–8 steps and labels from the canonical allergen names")
    func recipesAreWellFormed() {
        #expect(Self.recipes.count >= 80)
        #expect(Set(Self.recipes.map(\.id)).count == Self.recipes.count)
        #expect(Set(Self.recipes.map { $0.title.lowercased() }).count == Self.recipes.count)
        for recipe in Self.recipes {
            #expect(recipe.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(recipe.id)")
            #expect(!recipe.ingredients.isEmpty && recipe.ingredients.allSatisfy { $0.quantity > 0 && !$0.unit.isEmpty && !$0.name.isEmpty }, "\(recipe.id)")
            #expect((3...8).contains(recipe.steps.count), "\(recipe.id)")
            #expect(Set(recipe.allergens).isSubset(of: Self.canonicalAllergens), "\(recipe.id): \(recipe.allergens)")
            #expect(recipe.servings == 4 && recipe.prepMinutes > 0 && recipe.minAge >= 0, "\(recipe.id)")
            #expect(recipe.cuisine == recipe.cuisine.lowercased() && !recipe.tags.isEmpty, "\(recipe.id)")
        }
    }

    @Test("allergen labels follow the ingredients: soy sauce is soy, wheat and gluten; butter is milk; pasta is wheat and gluten; …")
    func allergensFollowIngredients() {
        // Ingredient words → the labels they require (safe look-alikes excluded by the condition).
        let rules: [(matches: (String) -> Bool, labels: [String])] = [
            ({ $0.contains("soy sauce") }, ["soy", "wheat", "gluten"]),
            ({ $0 == "butter" || $0 == "ghee" || $0.contains("cheese") || $0.contains("cream") || $0 == "milk" || $0.contains("yogurt") }, ["milk"]),
            ({ ["parmesan", "mozzarella", "cheddar", "feta", "ricotta", "paneer", "gruyere", "monterey jack"].contains($0) }, ["milk"]),
            ({ ["spaghetti", "penne", "rigatoni", "orzo", "elbow macaroni", "lasagna sheets", "couscous"].contains($0) || $0.contains("flour") }, ["wheat", "gluten"]),
            ({ $0.contains("bread") || $0.contains("tortillas") && !$0.contains("corn") || $0.contains("udon") }, ["wheat", "gluten"]),
            ({ $0 == "eggs" || $0 == "mayonnaise" || $0 == "egg noodles" }, ["egg"]),
            ({ $0.contains("salmon") || $0.contains("cod") || $0.contains("fish") || $0.contains("tuna") }, ["fish"]),
            ({ $0 == "shrimp" }, ["crustacean"]),
            ({ $0.contains("peanut") }, ["peanut"]),
            ({ $0.contains("sesame") || $0 == "tahini" }, ["sesame"]),
            ({ $0.contains("tofu") || $0.contains("miso") || $0 == "tamari" }, ["soy"]),
            ({ $0 == "cashews" || $0 == "walnuts" || $0 == "pine nuts" }, ["tree_nut", "whole_nut"]),
            ({ $0 == "honey" }, ["honey"]),
        ]
        for recipe in Self.recipes {
            for ingredient in recipe.ingredients where !ingredient.name.contains("coconut") && !ingredient.name.hasPrefix("gluten-free") {
                for rule in rules where rule.matches(ingredient.name) {
                    #expect(Set(rule.labels).isSubset(of: Set(recipe.allergens)), "\(recipe.id): \(ingredient.name) needs \(rule.labels), labelled \(recipe.allergens)")
                }
            }
        }
    }

    @Test("no honey or whole nuts below age 3; vegetarian recipes hold no meat or seafood")
    func ageAndDietRules() {
        for recipe in Self.recipes where recipe.allergens.contains("honey") || recipe.allergens.contains("whole_nut") {
            #expect(recipe.minAge >= 3, "\(recipe.id) has honey or whole nuts from age \(recipe.minAge)")
        }
        for recipe in Self.recipes where recipe.tags.contains("vegetarian") {
            #expect(
                !recipe.ingredients.contains {
                    $0.aisle == .meat || $0.aisle == .seafood || $0.name.contains("fish") || $0.name.contains("broth") && !$0.name.contains("vegetable")
                }, "\(recipe.id)")
        }
    }

    @Test("coverage for hard households: 25 free of the FDA's nine, 20 vegetarian, 10 from age 1, 7 dinners per major cuisine family")
    func coverage() {
        #expect(Self.recipes.filter { Set($0.allergens).isDisjoint(with: Self.fda9) }.count >= 25)
        #expect(Self.recipes.filter { $0.tags.contains("vegetarian") }.count >= 20)
        #expect(Self.recipes.filter { $0.minAge <= 1 }.count >= 10)
        #expect(Self.recipes.filter { $0.minAge == 0 }.count >= 3, "first foods")
        let dinners = Self.recipes.filter { $0.tags.contains("dinner") }
        for family in ["italian", "mexican", "asian", "american", "mediterranean", "french"] {
            #expect(dinners.filter { Self.families[$0.cuisine, default: $0.cuisine] == family }.count >= 7, "\(family)")
        }
        for cuisine in ["chinese", "japanese", "thai", "korean", "indian"] {
            #expect(dinners.contains { $0.cuisine == cuisine }, "\(cuisine)")
        }
    }

    @Test("at least 40 articles across every knowledge domain, with unique ids, bodies of a few sentences and sane age ranges")
    func knowledgeBase() {
        #expect(Self.articles.count >= 40)
        #expect(Set(Self.articles.map(\.id)).count == Self.articles.count)
        #expect(Set(Self.articles.map(\.domain)) == Set(KnowledgeDomain.allCases))
        for article in Self.articles {
            #expect(article.body.split(separator: ".").count >= 2 && !article.tags.isEmpty, "\(article.id)")
            #expect(0 <= article.minAge && article.minAge <= article.maxAge && article.maxAge <= 17, "\(article.id)")
        }
    }
}

/// The corpus's allergen labels against the safety layer's own reading of each ingredient: a label
/// says exactly what the table reads in the recipe's ingredients, no more and no less, and every
/// ingredient is a food the table knows — so a label can be trusted by a search that filters on
/// it, and the check that reads ingredients has nothing it cannot read.
@Suite("Zia corpus labels and the food table")
struct CorpusLabelTableTests {
    @Test("every recipe's label is what the table reads in its ingredients (infant hazards included), in both directions")
    func labelsAreTheTable() {
        let table = FoodTable.standard
        var wrong: [String] = []
        for recipe in RecipeCorpus.shipped {
            let read = recipe.ingredients.reduce(into: Set<String>()) { found, ingredient in
                found.formUnion(table.allergens(inIngredient: ingredient.name).union(table.infantHazards(inIngredient: ingredient.name)))
            }
            if read != Set(recipe.allergens) {
                wrong.append("\(recipe.id)\tlabel \(recipe.allergens.sorted())\tingredients say \(read.sorted())")
            }
        }
        #expect(wrong.isEmpty, "labels that differ from their ingredients:\n\(wrong.joined(separator: "\n"))")
    }

    @Test("every ingredient of the corpus is a food the table knows")
    func everyIngredientIsKnown() {
        var unknown: [String] = []
        for recipe in RecipeCorpus.shipped {
            for ingredient in recipe.ingredients where !FoodTable.standard.unknownWords(inIngredient: ingredient.name).isEmpty {
                unknown.append("\(recipe.id)\t\(ingredient.name)\t\(FoodTable.standard.unknownWords(inIngredient: ingredient.name))")
            }
        }
        #expect(unknown.isEmpty, "ingredients the table cannot read:\n\(unknown.joined(separator: "\n"))")
    }

    @Test("a recipe tagged vegetarian or vegan keeps that diet")
    func dietTagsHold() {
        for recipe in RecipeCorpus.shipped {
            for diet in ["vegetarian", "vegan"] where recipe.tags.contains(diet) {
                let check = FoodCheck(restrictions: [diet], kidAges: [])
                #expect(check.isSafe(recipe), "\(recipe.id) is tagged \(diet): \(check.violations(in: recipe))")
            }
        }
    }
}
