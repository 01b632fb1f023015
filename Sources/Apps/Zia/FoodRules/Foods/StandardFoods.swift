/// The data of ``FoodTable/standard`` beyond the allergens: the categories diets exclude, the plain
/// foods that carry nothing the table tracks, and the words that describe a food without naming it.
enum StandardFoods {
    /// Words that make a substitute of the meat, poultry or gelatin after them ("vegetarian sausage").
    static let meatSubstitutes = ["vegetarian", "vegan", "veggie", "meatless", "plant based", "meat free"]
    /// Words that make a substitute of the dairy, egg, fish or honey after them ("vegan cheese").
    static let animalSubstitutes = ["vegan", "plant based"]

    /// Gelatin and what is set with it: usually made from pork.
    static let gelatin = ["gelatin", "gelatine", "jello", "jell o", "marshmallow", "gummy", "gummy bear", "aspic", "panna cotta"]

    static let categories: [FoodTable.Entry] = [
        .init(
            canonical: "pork",
            contains: [
                "carbonara", "pork", "bacon", "ham", "gammon", "prosciutto", "pancetta", "guanciale", "speck", "lardon", "lard", "chorizo", "pepperoni", "salami",
                "mortadella", "sausage", "bratwurst", "kielbasa", "frankfurter", "hot dog", "wiener", "chipolata", "black pudding", "pork rind",
                "crackling", "chicharron", "carnitas", "char siu", "spare rib", "baby back rib", "jamon", "soppressata", "nduja", "capicola", "coppa",
            ] + gelatin,
            lookAlikes: [
                "turkey bacon", "beef bacon", "turkey ham", "chicken sausage", "turkey sausage", "beef sausage", "lamb sausage", "chicken chorizo",
                "beef chorizo", "beef pepperoni", "turkey pepperoni", "beef salami", "beef hot dog", "chicken hot dog", "turkey hot dog", "beef frankfurter",
                "beef gelatin", "fish gelatin", "halal gelatin", "kosher gelatin", "halal marshmallow", "halal sausage",
            ],
            freeFrom: ["pork", "gelatin", "gelatine"], substitutes: meatSubstitutes),
        .init(
            canonical: "beef",
            contains: [
                "beef", "steak", "sirloin", "ribeye", "rib eye", "brisket", "veal", "oxtail", "corned beef", "pastrami", "bresaola", "short rib",
                "hamburger", "burger", "cheeseburger", "jerky", "suet", "tallow", "bolognese", "bourguignon", "chuck roast", "ground chuck",
                "filet mignon", "porterhouse", "t bone", "flank steak", "skirt steak",
            ],
            lookAlikes: [
                "burger bun", "hamburger bun", "veggie burger", "bean burger", "chicken burger", "turkey burger", "salmon burger", "fish burger",
                "lamb burger", "tuna steak", "salmon steak", "cod steak", "cauliflower steak", "beef tomato", "vegetable suet",
            ],
            freeFrom: ["beef"], substitutes: meatSubstitutes),
        .init(
            canonical: "lamb", contains: ["lamb", "mutton", "goat", "hogget"],
            lookAlikes: ["goat cheese", "goats cheese", "goat milk", "goats milk", "goat yogurt", "lamb lettuce"], freeFrom: ["lamb"],
            substitutes: meatSubstitutes),
        .init(
            canonical: "poultry",
            contains: [
                "poultry", "chicken", "turkey", "duck", "goose", "quail", "poussin", "cornish hen", "hen", "guinea fowl", "pheasant", "partridge", "foie gras",
            ],
            lookAlikes: ["hen of the wood", "chicken of the wood"], freeFrom: ["chicken", "poultry"], substitutes: meatSubstitutes),
        .init(
            canonical: "meat",
            contains: [
                "meat", "minced meat", "beef mince", "lamb mince", "pork mince", "meatball", "meatloaf", "venison", "rabbit", "bison", "buffalo", "boar", "liver", "offal",
                "kidney", "tripe",
                "stock", "broth", "bouillon", "stock cube", "gravy", "bone broth", "dripping", "pate", "kofta", "kebab", "gyro", "deli meat", "cold cut",
                "lunch meat",
            ],
            lookAlikes: [
                "vegetable stock", "vegetable broth", "vegetable bouillon", "vegetable stock cube", "veggie stock", "veggie broth", "mushroom stock",
                "mushroom broth", "kidney bean", "buffalo mozzarella", "buffalo sauce", "buffalo cauliflower", "vegetable kebab",
                "onion gravy", "mushroom gravy",
            ],
            freeFrom: ["meat"], substitutes: meatSubstitutes),
        .init(
            canonical: "gelatin", contains: gelatin, lookAlikes: ["agar"], freeFrom: ["gelatin", "gelatine"], substitutes: meatSubstitutes),
        .init(
            canonical: "alcohol",
            contains: [
                "alcohol", "wine", "red wine", "white wine", "beer", "ale", "lager", "stout", "cider", "hard cider", "sake", "mirin", "rum", "brandy",
                "cognac", "whisky", "whiskey", "bourbon", "scotch", "vodka", "gin", "tequila", "mezcal", "liqueur", "schnapps", "vermouth", "sherry",
                "port wine", "marsala", "madeira", "champagne", "prosecco", "kirsch", "amaretto", "grand marnier", "cointreau", "triple sec", "kahlua",
                "cooking wine", "shaoxing", "rice wine", "vanilla extract", "beer batter", "bourguignon", "coq au vin", "sangria", "tiramisu",
                // Vanilla as recipes list it is the extract, made with alcohol.
                "vanilla", "vanilla essence",
            ],
            lookAlikes: [
                "wine vinegar", "red wine vinegar", "white wine vinegar", "rice wine vinegar", "sherry vinegar", "cider vinegar", "apple cider vinegar",
                "apple cider", "ginger beer", "root beer", "ginger ale", "non alcoholic wine", "non alcoholic beer", "dealcoholised wine",
                "dealcoholized wine", "scotch egg", "scotch bonnet", "vanilla bean", "vanilla pod", "vanilla powder", "vanilla sugar",
            ],
            freeFrom: ["alcohol"]),
    ]

    /// Foods that carry none of the table's tags: an ingredient made of these (and descriptors) is
    /// known and safe for every rule but the words a household writes itself.
    static let plain: [String] = [
        // Vegetables and herbs.
        "onion", "red onion", "green onion", "spring onion", "scallion", "shallot", "leek", "garlic", "ginger", "carrot", "parsnip", "potato",
        "sweet potato", "yam", "tomato", "cherry tomato", "cucumber", "zucchini", "courgette", "eggplant", "aubergine", "bell pepper", "pepper", "chili",
        "chilli", "jalapeno", "red chili", "broccoli", "cauliflower", "cabbage", "kale", "spinach", "lettuce", "arugula", "rocket", "chard", "bok choy",
        "pak choi", "bean sprout", "sprout", "pea", "snap pea", "snow pea", "green bean", "corn", "corn kernel", "sweetcorn", "asparagus", "artichoke",
        "beet", "beetroot", "radish", "turnip", "squash", "butternut", "butternut squash", "buttercup squash", "pumpkin", "mushroom", "shiitake",
        "portobello", "okra", "fennel", "lemongrass", "avocado", "olive", "kalamata olive", "caper", "vegetable", "veggie", "mixed vegetable", "herb",
        "basil", "thai basil", "cilantro", "coriander", "parsley", "mint", "dill", "thyme", "rosemary", "oregano", "sage", "tarragon", "chive",
        "bay leaf", "bay leaves", "curry leaf", "watercress", "seaweed", "nori", "kombu", "salad", "salad leaf",
        // Fruit.
        "apple", "pear", "banana", "orange", "lemon", "lime", "grapefruit", "mango", "pineapple", "papaya", "kiwi", "grape", "strawberry", "raspberry",
        "blueberry", "blackberry", "cranberry", "cherry", "peach", "nectarine", "plum", "apricot", "melon", "watermelon", "honeydew", "fig", "date",
        "pomegranate", "passion fruit", "berry", "fruit", "coconut", "rhubarb", "lemon juice", "lime juice", "orange juice", "apple juice",
        // Grains, pulses and starches (wheat, barley, rye and oats are in the allergen table).
        "rice", "basmati", "basmati rice", "jasmine rice", "arborio rice", "brown rice", "wild rice", "long grain rice", "short grain rice",
        "sushi rice", "quinoa", "polenta", "cornmeal", "grits", "millet", "buckwheat", "amaranth", "teff", "sorghum", "tapioca", "cassava",
        "cornstarch", "corn starch", "cornflour", "potato starch", "arrowroot", "bean", "black bean", "kidney bean", "cannellini bean", "pinto bean",
        "navy bean", "butter bean", "lima bean", "chickpea", "garbanzo", "lentil", "red lentil", "green lentil", "split pea", "popcorn", "rice cake",
        // Oils, sweeteners, seasonings and sauces.
        "oil", "olive oil", "vegetable oil", "sunflower oil", "canola oil", "rapeseed oil", "coconut oil", "avocado oil", "sugar", "brown sugar",
        "icing sugar", "powdered sugar", "maple syrup", "agave", "molasses", "syrup", "salt", "sea salt", "black pepper", "cumin", "paprika",
        "smoked paprika", "turmeric", "cinnamon", "nutmeg", "clove", "cardamom", "cardamom pod", "star anise", "saffron", "chili flake",
        "chili powder", "chilli powder", "cayenne", "garam masala", "ras el hanout", "herbes de provence", "italian seasoning", "allspice",
        "five spice", "spice", "seasoning", "vanilla bean", "vanilla pod", "vanilla powder", "vanilla sugar", "cocoa", "cocoa powder", "baking powder", "baking soda",
        "bicarbonate of soda", "yeast", "vinegar", "rice vinegar", "apple cider vinegar", "ketchup", "tomato paste", "tomato puree", "tomato sauce",
        "passata", "salsa", "hot sauce", "sriracha", "tabasco", "harissa", "chutney", "mango chutney", "jam", "jelly", "water", "ice", "agar",
        // Seeds (sesame and mustard are in the allergen table).
        "pumpkin seed", "sunflower seed", "chia seed", "flaxseed", "linseed", "hemp seed", "poppy seed", "seed",
    ]

    /// Words that say how a food is cut, cooked, packed, sized, coloured or where it comes from:
    /// they never name a food, so an ingredient made of them and known foods is known.
    static let descriptors: [String] = [
        "a", "an", "and", "or", "of", "with", "in", "for", "the", "to", "into", "plus", "free", "style", "type",
        "canned", "tinned", "jarred", "bottled", "packed", "crushed", "diced", "chopped", "sliced", "minced", "grated", "shredded", "julienned", "cubed",
        "halved", "halves", "quartered", "peeled", "pitted", "trimmed", "beaten", "whisked", "mashed", "pureed", "fresh", "frozen", "thawed", "dried",
        "dry", "ground", "whole", "large", "small", "medium", "big", "mini", "baby", "boneless", "skinless", "firm", "extra", "silken", "plain", "heavy",
        "light", "lean", "roasted", "toasted", "smoked", "raw", "cooked", "leftover", "unsalted", "salted", "low", "sodium", "reduced", "fat",
        "full", "long", "short", "grain", "mixed", "red", "green", "yellow", "white", "black", "brown", "orange", "purple", "golden", "sweet", "hot",
        "mild", "spicy", "elbow", "greek", "italian", "thai", "mexican", "french", "chinese", "japanese", "korean", "indian", "spanish", "english", "virgin",
        "organic", "fillet", "breast", "thigh", "leg", "drumstick", "wing", "chuck", "tenderloin", "shoulder", "loin", "chop", "kernel", "leaf",
        "leaves", "pod", "flake", "sprig", "bunch", "floret", "stalk", "stick", "shape", "piece", "strip", "cube", "chunk", "slice", "wedge", "king", "jumbo", "cherry", "instant",
        "quick", "rolled", "steel", "cut", "old", "fashioned",
        "homemade", "store", "bought", "birthday", "celebration", "party", "classic", "homestyle", "optional", "handful", "pinch", "dash", "bag", "can", "jar", "tin", "pack",
        "packet", "box", "cup", "tbsp",
        "tsp", "g", "kg", "ml", "l", "oz", "lb",
    ]

    /// Words that name a form of a food rather than a food ("sauce", "paste", "oil"): known when the
    /// ingredient names its food too ("hoisin sauce"), unknown alone ("sauce", "mystery paste").
    static let forms: [String] = [
        "sauce", "paste", "juice", "powder", "puree", "oil", "seed", "flake", "spread", "dressing", "glaze", "marinade", "syrup", "extract", "mix",
        "blend", "zest", "concentrate", "filling", "topping", "crumb", "chip", "noodle",
    ]
}
