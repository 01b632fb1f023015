/// How to adapt one planned dinner for one baby or toddler of the household (a kid of 0 or 1):
/// the family eats one real dinner, and the note says how the little one's portion differs —
/// texture for the age, set aside before salt or heat, whole small foods cut up. In a meal plan's
/// `final.portion_notes`, one per day and kid.
public struct PortionNote: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case day, recipeID = "recipe_id", kid, age, note }
    /// `Monday` … `Sunday`.
    public var day: String
    public var recipeID: String
    /// The kid's name as the household has it.
    public var kid: String
    public var age: Int
    public var note: String

    public init(day: String, recipeID: String, kid: String, age: Int, note: String) {
        self.day = day
        self.recipeID = recipeID
        self.kid = kid
        self.age = age
        self.note = note
    }
}
