/// The allergens of ``FoodTable/standard``: for each allergen the ingredients and products that
/// contain it, its safe look-alikes and its "free" words; and how households write allergies.
enum StandardAllergens {
    /// Nuts as ingredients name them (tree nuts and peanuts): the `whole_nut` hazard's words.
    static let treeNuts = [
        "almond", "walnut", "cashew", "pecan", "pistachio", "hazelnut", "filbert", "macadamia", "brazil nut", "pine nut", "pignoli", "chestnut", "tree nut",
    ]
    static let peanuts = ["peanut", "groundnut", "monkey nut"]
    /// Forms of a nut that are not whole nuts (smooth or ground): safe for a kid of 0–2 without a nut allergy.
    static let groundNutForms = ["\0 butter", "ground \0", "\0 flour", "\0 meal", "\0 milk", "\0 oil", "\0 extract", "\0 paste", "\0 puree", "\0 sauce", "\0 spread"]

    static let wheatProducts = [
        "wheat", "flour", "plain flour", "all purpose flour", "self raising flour", "bread flour", "whole wheat", "wholemeal", "wheat germ", "bread", "breadcrumb",
        "bread crumb", "panko", "crouton", "cornbread", "shortbread", "gingerbread", "flatbread", "sourdough", "bread roll", "dinner roll", "pasta", "spaghetti",
        "macaroni", "penne", "fusilli", "rigatoni", "linguine", "fettuccine", "tagliatelle", "lasagna", "lasagne", "orzo", "ravioli", "tortellini", "gnocchi",
        "noodle", "ramen", "udon", "soba", "couscous", "bulgur", "bulghur", "semolina", "durum", "spelt", "farro", "freekeh", "einkorn", "emmer", "kamut",
        "seitan", "soy sauce", "shoyu", "teriyaki", "hoisin", "tortilla", "wrap", "pita", "pitta", "naan", "chapati", "roti", "bagel", "croissant", "brioche",
        "bun", "muffin", "pancake", "waffle", "crepe", "cracker", "biscuit", "cookie", "cake", "cupcake", "pastry", "puff pastry", "pie crust", "filo", "phyllo",
        "pizza", "pizza dough", "dough", "batter", "pretzel", "dumpling", "wonton", "gyoza", "matzo", "graham cracker", "roux", "crumpet", "scone",
        "baguette", "ciabatta", "focaccia", "bao", "tempura", "gochujang", "roll", "hoagie", "hoagie roll", "sub roll", "kaiser roll",
        "burger bun", "hamburger bun", "hot dog bun", "doughnut", "donut", "toast", "english muffin", "sandwich", "bread stick", "breadstick",
        "cheeseburger", "hamburger", "oyster sauce", "carbonara", "quiche", "lasagna noodle", "lasagna sheet", "lasagne sheet",
    ]
    static let wheatLookAlikes = [
        "rice flour", "corn flour", "maize flour", "almond flour", "coconut flour", "chickpea flour", "gram flour", "potato flour", "tapioca flour",
        "cassava flour", "buckwheat flour", "sorghum flour", "rice noodle", "rice pasta", "corn pasta", "chickpea pasta", "lentil pasta", "bean pasta",
        "zucchini noodle", "courgette noodle", "glass noodle", "cellophane noodle", "shirataki noodle", "kelp noodle", "sweet potato noodle", "corn tortilla",
        "rice cake", "rice cracker", "rice paper", "lettuce wrap", "rice paper wrap", "tortilla chip", "sushi roll", "rice paper roll", "lettuce cup",
    ]

    static let entries: [FoodTable.Entry] = [
        .init(
            canonical: "milk",
            contains: [
                "milk", "dairy", "butter", "buttermilk", "cheese", "cheesy", "cream", "sour cream", "creme fraiche", "yogurt", "yoghurt", "kefir", "whey", "casein",
                "caseinate", "lactose", "ghee", "curd", "custard", "ice cream", "gelato", "paneer", "ricotta", "mozzarella", "parmesan", "parmigiano", "cheddar",
                "feta", "brie", "camembert", "gouda", "mascarpone", "halloumi", "pecorino", "gruyere", "emmental", "provolone", "burrata", "bechamel", "alfredo",
                "tzatziki", "raita", "lassi", "quark", "skyr", "labneh", "half and half", "monterey jack", "colby", "queso", "cotija", "manchego", "asiago",
                "fontina", "havarti", "edam", "romano",
                "chocolate", "milk chocolate", "white chocolate", "cheeseburger", "brioche", "naan", "milk bread",
                // Dishes made with cheese, butter or milk.
                "pesto", "pizza", "pancake", "waffle", "crepe", "carbonara", "lasagna", "lasagne", "mac and cheese", "quiche", "risotto", "gratin",
                "fromage", "kase", "formaggio", "queijo",
            ],
            lookAlikes: [
                "coconut milk", "coconut cream", "cream of coconut", "coconut yogurt", "coconut yoghurt", "almond milk", "oat milk", "soy milk", "soya milk",
                "rice milk", "cashew milk", "hemp milk", "pea milk", "peanut butter", "almond butter", "cashew butter", "nut butter", "seed butter",
                "sunflower butter", "sunflower seed butter", "apple butter", "cocoa butter", "shea butter", "cream of tartar", "vegan butter", "vegan cheese",
                "vegan yogurt", "vegan cream", "soy yogurt", "bean curd", "butter bean", "butter lettuce",
                // The dough or sheets of a dish, not the dish (a mix or a ready base may hold milk: it stays the dish).
                "pizza dough", "lasagna noodle", "lasagna sheet", "lasagne sheet", "risotto rice",
            ],
            freeFrom: ["dairy", "milk"], substitutes: StandardFoods.animalSubstitutes),
        .init(
            canonical: "egg",
            contains: [
                "egg", "egg white", "egg yolk", "yolk", "albumen", "albumin", "mayonnaise", "mayo", "meringue", "aioli", "custard", "hollandaise", "bearnaise",
                "frittata", "omelette", "omelet", "quiche", "eggnog", "brioche", "challah", "pavlova", "souffle", "carbonara", "french toast", "egg noodle",
                "lemon curd", "pancake", "waffle", "crepe",
            ],
            lookAlikes: ["vegan mayo", "vegan mayonnaise", "eggless mayo", "eggless mayonnaise", "egg replacer", "egg substitute"],
            freeFrom: ["egg"], substitutes: StandardFoods.animalSubstitutes),
        .init(
            canonical: "fish",
            contains: [
                "fish", "anchovy", "salmon", "tuna", "cod", "haddock", "halibut", "tilapia", "trout", "sardine", "mackerel", "herring", "sea bass", "bass",
                "snapper", "sole", "pollock", "pollack", "catfish", "swordfish", "mahi mahi", "monkfish", "plaice", "carp", "perch", "pike", "whitefish",
                "branzino", "hake", "fish sauce", "fish stock", "nam pla", "worcestershire", "caesar", "bonito", "dashi", "surimi", "caviar", "roe", "lox",
                "seafood", "kimchi", "curry paste",
            ],
            lookAlikes: ["swedish fish", "vegan fish sauce", "vegan worcestershire", "kombu dashi", "shiitake dashi"],
            freeFrom: ["fish", "seafood"], substitutes: StandardFoods.animalSubstitutes),
        .init(
            canonical: "crustacean",
            contains: [
                "crustacean", "shellfish", "seafood", "shrimp", "prawn", "crab", "lobster", "crayfish", "crawfish", "langoustine", "krill", "scampi",
                "shrimp paste", "crab stick", "kimchi", "curry paste",
            ],
            lookAlikes: ["crab apple"],
            freeFrom: ["shellfish", "crustacean", "seafood", "shrimp"], substitutes: StandardFoods.animalSubstitutes),
        .init(
            canonical: "mollusc",
            contains: [
                "mollusc", "mollusk", "shellfish", "seafood", "clam", "mussel", "oyster", "squid", "calamari", "octopus", "scallop", "snail", "escargot",
                "cuttlefish", "abalone", "whelk", "cockle", "periwinkle", "conch", "oyster sauce",
            ],
            lookAlikes: ["oyster mushroom", "oyster cracker", "vegan oyster sauce", "vegetarian oyster sauce", "mushroom oyster sauce"],
            freeFrom: ["shellfish", "mollusc", "seafood"], substitutes: StandardFoods.animalSubstitutes),
        .init(
            canonical: "tree_nut",
            contains: treeNuts + ["nut", "mixed nut", "praline", "marzipan", "frangipane", "nutella", "gianduja", "pesto", "nougat", "baklava", "amaretti"],
            lookAlikes: ["water chestnut", "chestnut mushroom"],
            freeFrom: ["nut", "tree nut"]),
        .init(
            canonical: "peanut",
            contains: peanuts + ["nut", "mixed nut", "satay", "arachis oil", "arachis"],
            lookAlikes: treeNuts.filter { $0.hasSuffix(" nut") } + ["pine nut", "brazil nut", "tree nut", "macadamia nut", "cashew nut"],
            freeFrom: ["peanut", "nut"]),
        // "Rolled oats" are oats (gluten), not a bread roll (wheat).
        .init(canonical: "wheat", contains: wheatProducts, lookAlikes: wheatLookAlikes + ["oat flour", "rolled oat"], freeFrom: ["wheat"]),
        .init(
            canonical: "gluten",
            // Miso is often made with barley (mugi miso); counted here unless sold gluten-free.
            contains: wheatProducts + [
                "gluten", "barley", "rye", "malt", "malt vinegar", "malt extract", "triticale", "oat", "oatmeal", "beer", "ale", "lager", "miso", "granola", "muesli", "porridge",
            ],
            lookAlikes: wheatLookAlikes + ["ginger ale", "root beer"],
            freeFrom: ["gluten"]),
        .init(
            canonical: "soy",
            contains: [
                "soy", "soya", "soybean", "soy bean", "soy sauce", "shoyu", "tamari", "tofu", "tempeh", "edamame", "miso", "natto", "soy milk", "soy lecithin",
                "lecithin", "textured vegetable protein", "tvp", "yuba", "bean curd", "okara", "teriyaki", "hoisin", "gochujang", "doenjang",
            ],
            lookAlikes: ["sunflower lecithin"],
            freeFrom: ["soy", "soya"]),
        .init(
            canonical: "sesame",
            // Burger buns and hoagie or sub rolls are usually seeded, and hoisin is made with sesame:
            // counted unless sold sesame-free. (Oyster sauce is thickened with wheat flour: wheat.)
            contains: [
                "sesame", "sesame seed", "sesame oil", "tahini", "tahina", "hummus", "houmous", "halva", "halvah", "gomasio", "benne", "zaatar", "furikake",
                "dukkah", "hoisin", "bun", "burger bun", "hamburger bun", "hoagie", "hoagie roll", "sub roll", "kaiser roll", "seeded roll",
            ],
            lookAlikes: [],
            freeFrom: ["sesame"]),
        .init(
            canonical: "celery", contains: ["celery", "celeriac", "celery salt", "celery seed", "celery root", "mirepoix", "broth", "stock", "bouillon", "curry powder"],
            lookAlikes: [], freeFrom: ["celery"]),
        .init(
            canonical: "mustard", contains: ["mustard", "dijon", "mustard seed", "mustard greens", "mustard powder", "piccalilli", "curry powder"], lookAlikes: [],
            freeFrom: ["mustard"]),
        .init(
            canonical: "sulphite",
            contains: [
                "sulphite", "sulfite", "sulphur dioxide", "sulfur dioxide", "metabisulphite", "metabisulfite", "wine", "wine vinegar", "balsamic", "dried apricot",
                "dried fruit", "dried mango", "dried cranberry", "raisin", "sultana", "maraschino", "cider",
            ],
            lookAlikes: ["unsulphured dried apricot", "unsulfured dried apricot", "unsulphured dried fruit", "unsulfured dried fruit"],
            freeFrom: ["sulphite", "sulfite"]),
        .init(canonical: "lupin", contains: ["lupin", "lupine", "lupini", "lupin flour"], lookAlikes: [], freeFrom: ["lupin"]),
        .init(canonical: "honey", contains: ["honey", "honeycomb"], lookAlikes: [], freeFrom: ["honey"], substitutes: StandardFoods.animalSubstitutes),
        .init(
            canonical: "whole_nut",
            contains: treeNuts + peanuts + ["nut", "mixed nut", "whole nut"],
            lookAlikes: ["water chestnut", "chestnut mushroom", "nut butter", "ground nut", "nut milk", "nut oil", "nut flour"]
                + (treeNuts + peanuts).flatMap { nut in groundNutForms.map { $0.replacingOccurrences(of: "\0", with: nut) } },
            freeFrom: ["nut", "peanut"]),
    ]

    /// How households write allergies that are not an ingredient of the table (an ingredient such as
    /// "walnuts" or "cheese" is read through the table itself).
    static let aliases: [String: [String]] = [
        "dairy": ["milk"], "lactose": ["milk"], "cow milk": ["milk"], "milk protein": ["milk"], "cmpa": ["milk"],
        "egg": ["egg"],
        "fish": ["fish"], "finned fish": ["fish"],
        "shellfish": ["crustacean", "mollusc"], "seafood": ["fish", "crustacean", "mollusc"],
        "crustacean": ["crustacean"], "mollusc": ["mollusc"], "mollusk": ["mollusc"],
        "nut": ["tree_nut", "peanut"], "tree nut": ["tree_nut"], "tree_nut": ["tree_nut"],
        "peanut": ["peanut"], "groundnut": ["peanut"],
        "wheat": ["wheat"], "gluten": ["gluten"], "celiac": ["gluten"], "coeliac": ["gluten"],
        "soy": ["soy"], "soya": ["soy"],
        "sesame": ["sesame"], "celery": ["celery"], "mustard": ["mustard"],
        "sulphite": ["sulphite"], "sulfite": ["sulphite"], "sulphur": ["sulphite"], "sulfur": ["sulphite"],
        "lupin": ["lupin"], "lupine": ["lupin"],
        "honey": ["honey"], "whole nut": ["whole_nut"], "whole_nut": ["whole_nut"],
    ].merging(foreign) { english, _ in english }

    /// Allergies as French, German, Spanish, Italian and Portuguese households write them (folded:
    /// "cacahuètes" is read as "cacahuetes"), so "Erdnüsse" keeps peanuts out as "peanuts" does.
    static let foreign: [String: [String]] = [
        // French.
        "arachide": ["peanut"], "cacahuete": ["peanut"], "cacahouete": ["peanut"], "lait": ["milk"], "produits laitiers": ["milk"], "oeuf": ["egg"],
        "œuf": ["egg"], "poisson": ["fish"], "crustace": ["crustacean"], "fruits de mer": ["fish", "crustacean", "mollusc"], "mollusque": ["mollusc"],
        "fruits a coque": ["tree_nut"], "noix": ["tree_nut"], "noisette": ["tree_nut"], "amande": ["tree_nut"], "ble": ["wheat"],
        "sesame": ["sesame"], "celeri": ["celery"], "moutarde": ["mustard"], "soja": ["soy"], "lupin": ["lupin"], "miel": ["honey"],
        "crustaces": ["crustacean"], "crevette": ["crustacean"], "homard": ["crustacean"], "crabe": ["crustacean"], "moule": ["mollusc"],
        "fromage": ["milk"],
        // German.
        "erdnuss": ["peanut"], "erdnusse": ["peanut"], "milch": ["milk"], "milchprodukte": ["milk"], "laktose": ["milk"], "ei": ["egg"],
        "eier": ["egg"], "fisch": ["fish"], "krebstiere": ["crustacean"], "meeresfruchte": ["fish", "crustacean", "mollusc"],
        "weichtiere": ["mollusc"], "schalenfruchte": ["tree_nut"], "nuss": ["tree_nut", "peanut"], "nusse": ["tree_nut", "peanut"],
        "haselnuss": ["tree_nut"], "haselnusse": ["tree_nut"], "mandel": ["tree_nut"], "mandeln": ["tree_nut"], "walnusse": ["tree_nut"],
        "weizen": ["wheat"], "sesam": ["sesame"], "sellerie": ["celery"], "senf": ["mustard"], "lupine": ["lupin"], "honig": ["honey"],
        "zoliakie": ["gluten"], "schalentiere": ["crustacean", "mollusc"], "garnelen": ["crustacean"], "krabben": ["crustacean"],
        "muscheln": ["mollusc"], "kase": ["milk"],
        // Spanish.
        "mani": ["peanut"], "cacahuate": ["peanut"], "leche": ["milk"], "lacteo": ["milk"], "lactosa": ["milk"], "huevo": ["egg"],
        "pescado": ["fish"], "marisco": ["crustacean", "mollusc"], "crustaceo": ["crustacean"], "molusco": ["mollusc"],
        "frutos secos": ["tree_nut", "peanut"], "nuez": ["tree_nut"], "nueces": ["tree_nut"], "almendra": ["tree_nut"], "avellana": ["tree_nut"],
        "trigo": ["wheat"], "sesamo": ["sesame"], "ajonjoli": ["sesame"], "apio": ["celery"], "mostaza": ["mustard"], "sulfito": ["sulphite"],
        "altramuz": ["lupin"], "miel de abeja": ["honey"], "celiaco": ["gluten"], "celiaca": ["gluten"], "mariscos": ["crustacean", "mollusc"],
        "camaron": ["crustacean"], "camarones": ["crustacean"], "gamba": ["crustacean"], "langosta": ["crustacean"], "mejillon": ["mollusc"],
        "mejillones": ["mollusc"], "queso": ["milk"],
        // Italian.
        "arachidi": ["peanut"], "noccioline": ["peanut"], "latte": ["milk"], "latticini": ["milk"],
        "lattosio": ["milk"], "uovo": ["egg"], "uova": ["egg"], "pesce": ["fish"], "crostacei": ["crustacean"], "molluschi": ["mollusc"],
        "frutti di mare": ["fish", "crustacean", "mollusc"], "frutta a guscio": ["tree_nut"], "frutta secca": ["tree_nut", "peanut"],
        "noci": ["tree_nut"], "nocciole": ["tree_nut"], "mandorle": ["tree_nut"], "grano": ["wheat"], "frumento": ["wheat"], "glutine": ["gluten"],
        "soia": ["soy"], "sedano": ["celery"], "senape": ["mustard"], "solfiti": ["sulphite"], "lupini": ["lupin"], "miele": ["honey"],
        "celiachia": ["gluten"], "gamberi": ["crustacean"], "gamberetti": ["crustacean"], "cozze": ["mollusc"], "vongole": ["mollusc"],
        "formaggio": ["milk"],
        // Portuguese.
        "amendoim": ["peanut"], "amendoins": ["peanut"], "leite": ["milk"], "laticinios": ["milk"], "lactose": ["milk"], "ovo": ["egg"],
        "ovos": ["egg"], "peixe": ["fish"], "crustaceos": ["crustacean"], "moluscos": ["mollusc"], "frutos do mar": ["fish", "crustacean", "mollusc"],
        "frutos de casca rija": ["tree_nut"], "nozes": ["tree_nut"], "castanha": ["tree_nut"], "amendoa": ["tree_nut"],
        "gergelim": ["sesame"], "aipo": ["celery"], "mostarda": ["mustard"], "sulfitos": ["sulphite"], "tremoco": ["lupin"], "mel": ["honey"],
        "doenca celiaca": ["gluten"], "camarao": ["crustacean"], "camaroes": ["crustacean"], "queijo": ["milk"],
    ]
}
