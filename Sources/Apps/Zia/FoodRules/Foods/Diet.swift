/// A diet a family keeps, enforced exactly like an allergy: the table's tags it excludes (allergens
/// and categories), and for kosher-style the tags it keeps apart in one dish (meat with milk).
/// Exists so "vegetarian", "halal" or "no pork" is a rule the check enforces over the same
/// ingredient words, not a word looked for in ingredient names.
public struct Diet: Sendable, Hashable {
    /// `vegetarian`, `vegan`, `pescatarian`, `halal`, `kosher_style`, `no_pork`, `no_beef`,
    /// `no_red_meat`, `no_poultry`, `no_lamb`, `no_gelatin`, `no_alcohol`, `dairy_free`, `gluten_free`.
    public let name: String
    /// The tags of ``FoodTable`` no ingredient may carry.
    public let excludes: Set<String>
    /// Tags that may each be in a dish, but not one of each group together.
    public let apart: [Set<String>]
    /// How families write it (English, French, German, Spanish, Italian, Portuguese), folded.
    let written: [String]

    init(_ name: String, excludes: Set<String>, apart: [Set<String>] = [], written: [String]) {
        self.name = name
        self.excludes = excludes
        self.apart = apart
        self.written = written
    }

    static let meats: Set<String> = ["meat", "pork", "beef", "lamb", "poultry"]
    static let seafood: Set<String> = ["fish", "crustacean", "mollusc"]

    /// The diets Zia knows.
    public static let standard: [Diet] = [
        Diet(
            "vegetarian", excludes: meats.union(seafood).union(["gelatin"]),
            written: [
                "vegetarian", "meat", "lacto ovo", "lacto vegetarian", "ovo vegetarian", "no meat", "meat free", "meatless", "without meat",
                "vegetarien", "vegetarienne", "vegetariano", "vegetariana", "vegetarisch", "sin carne", "sans viande", "kein fleisch", "senza carne",
                "sem carne",
            ]),
        Diet(
            "vegan", excludes: meats.union(seafood).union(["gelatin", "milk", "egg", "honey"]),
            written: ["vegan", "plant based", "no animal products", "vegane", "veganer", "vegano", "vegana", "vegetalien", "vegetalienne"]),
        Diet(
            "pescatarian", excludes: meats.union(["gelatin"]),
            written: ["pescatarian", "pescetarian", "pesco vegetarian", "pescatariano", "pescetariano", "pescetarien", "pescetarisch"]),
        Diet("halal", excludes: ["pork", "alcohol"], written: ["halal", "zabiha", "zabihah", "no haram"]),
        Diet(
            "kosher_style", excludes: ["pork", "crustacean", "mollusc", "gelatin"], apart: [meats, ["milk"]],
            written: ["kosher", "kosher style", "kashrut", "koscher", "casher", "cacher"]),
        Diet(
            "no_pork", excludes: ["pork"],
            written: [
                "no pork", "pork", "pork free", "without pork", "sans porc", "porc", "kein schweinefleisch", "schweinefleisch", "sin cerdo", "cerdo",
                "senza maiale", "maiale", "sem porco", "porco",
            ]),
        Diet(
            "no_beef", excludes: ["beef"],
            written: ["no beef", "beef", "beef free", "without beef", "sans boeuf", "boeuf", "kein rindfleisch", "rindfleisch", "sin ternera", "senza manzo", "sem carne bovina"]),
        Diet(
            "no_alcohol", excludes: ["alcohol"],
            written: [
                "no alcohol", "alcohol", "alcohol free", "without alcohol", "teetotal", "teetotaler", "teetotaller", "non alcoholic", "sans alcool",
                "alcool", "kein alkohol", "alkohol", "alkoholfrei", "sin alcohol", "senza alcol", "sem alcool",
            ]),
        Diet("no_red_meat", excludes: ["beef", "lamb", "pork"], written: ["no red meat", "red meat", "without red meat"]),
        Diet("no_poultry", excludes: ["poultry"], written: ["no poultry", "poultry"]),
        Diet("no_lamb", excludes: ["lamb"], written: ["no lamb", "lamb"]),
        Diet("no_gelatin", excludes: ["gelatin"], written: ["no gelatin", "gelatin", "gelatine"]),
        Diet(
            "dairy_free", excludes: ["milk"],
            written: [
                "dairy free", "no dairy", "non dairy", "without dairy", "sans lactose", "sans produits laitiers", "laktosefrei", "milchfrei", "sin lactosa", "senza lattosio",
                "sem lactose",
            ]),
        Diet(
            // Gluten's list holds every wheat product; "gluten-free pasta" is what a gluten-free diet eats.
            "gluten_free", excludes: ["gluten"],
            written: ["gluten free", "no gluten", "without gluten", "sin gluten", "sans gluten", "glutenfrei", "senza glutine", "sem gluten"]),
    ]

    /// The diets' written forms, longest first where they overlap ("no pork" over "pork").
    static let index = PhraseIndex(standard.flatMap { diet in diet.written.map { ($0, diet) } })
}
