import Foundation

/// The aisle of an item nobody named one for (a typed list, a pantry item): the longest known
/// phrase among its words decides, the last of equally long ones (the noun: "orange juice" →
/// beverages, "black pepper" → spices, "bell pepper" → produce, "ice cream" → frozen); "frozen" in
/// the name means the freezer; otherwise `other`.
public enum GroceryAisles {
    public static func guess(_ name: String) -> GroceryAisle {
        let lowered = name.lowercased()
        let words = lowered.split { !$0.isLetter }.map { GroceryNames.singular(String($0)) }
        for length in stride(from: min(3, words.count), through: 1, by: -1) {
            for start in stride(from: words.count - length, through: 0, by: -1) {
                if let aisle = phrases[words[start..<start + length].joined(separator: " ")] { return aisle }
            }
        }
        return words.contains("frozen") ? .frozen : .other
    }

    static let phrases: [String: GroceryAisle] = {
        let table: [(GroceryAisle, [String])] = [
            (
                .produce,
                [
                    "tomato", "onion", "garlic", "lettuce", "basil", "apple", "banana", "carrot", "potato", "spinach", "lemon", "lime", "cilantro",
                    "parsley", "ginger", "broccoli", "cucumber", "zucchini", "mushroom", "avocado", "berry", "strawberry", "blueberry", "celery",
                    "bell pepper", "pepper", "garlic clove", "kale", "cabbage", "scallion", "green onion", "shallot", "leek", "mint", "thyme", "rosemary", "dill",
                    "orange", "grape", "pear", "peach", "mango", "pineapple", "melon", "corn", "pea", "green bean", "sweet potato", "squash",
                    "cauliflower", "asparagus", "eggplant", "arugula", "herb", "salad", "fruit", "vegetable", "veggie",
                ]
            ),
            (
                .dairy,
                [
                    "milk", "cheese", "butter", "yogurt", "yoghurt", "cream", "egg", "parmesan", "mozzarella", "cheddar", "feta", "ricotta",
                    "sour cream", "cream cheese", "half and half", "buttermilk", "ghee",
                ]
            ),
            (.meat, ["chicken", "beef", "pork", "turkey", "bacon", "sausage", "lamb", "ham", "steak", "ground beef", "mince", "meat", "chorizo", "salami"]),
            (.seafood, ["salmon", "shrimp", "tuna", "fish", "cod", "prawn", "tilapia", "crab", "lobster", "scallop", "mussel", "clam", "seafood"]),
            (.bakery, ["bread", "bun", "tortilla", "bagel", "roll", "pita", "croissant", "baguette", "naan", "muffin", "wrap", "loaf"]),
            (.frozen, ["ice cream", "frozen pea", "frozen berry", "frozen vegetable", "ice"]),
            (
                .spices,
                [
                    "salt", "black pepper", "cumin", "paprika", "oregano", "cinnamon", "chili powder", "chilli powder", "turmeric", "nutmeg",
                    "spice", "seasoning", "curry powder", "garlic powder", "onion powder", "bay leaf", "clove", "cardamom", "vanilla",
                    "red pepper flake", "peppercorn", "allspice", "coriander",
                ]
            ),
            (
                .pantry,
                [
                    "rice", "pasta", "flour", "sugar", "oil", "olive oil", "vinegar", "bean", "black bean", "chickpea", "broth", "stock",
                    "sauce", "tomato sauce", "soy sauce", "oat", "honey", "noodle", "lentil", "spaghetti", "penne", "macaroni", "orzo", "quinoa",
                    "cereal", "peanut butter", "jam", "nut", "almond", "walnut", "cracker", "canned tomato", "tomato paste", "coconut milk",
                    "almond milk", "baking powder", "baking soda", "yeast", "syrup", "maple syrup", "mustard", "ketchup", "mayonnaise",
                    "breadcrumb", "cornstarch",
                ]
            ),
            (.beverages, ["juice", "coffee", "tea", "water", "soda", "sparkling water", "wine", "beer"]),
        ]
        var phrases: [String: GroceryAisle] = [:]
        for (aisle, names) in table { for name in names { phrases[name] = aisle } }
        return phrases
    }()
}
