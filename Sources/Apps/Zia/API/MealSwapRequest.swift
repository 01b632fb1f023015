import Foundation
import PlatformAPI

/// The body of `POST /artifacts/{id}/swap`: which day of a saved meal plan to change, and why or to
/// what. Exists so a family can change one day ("something else instead of Tuesday's curry") and
/// keep the rest of the week.
public struct MealSwapRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case day, reason, recipeID = "recipe_id" }
    /// The day's label as the plan has it (`Tuesday`, `today`), any case; trimmed.
    public var day: String
    /// What the family wants instead, in their words ("something lighter", "no fish"): its food
    /// rules hold for the new day and its words pick the recipe. Trimmed; nil when blank.
    public var reason: String?
    /// A recipe of the corpus to put on that day instead of Zia's pick.
    public var recipeID: String?

    public init(day: String, reason: String? = nil, recipeID: String? = nil) {
        self.day = day
        self.reason = reason
        self.recipeID = recipeID
    }

    /// The body as it arrives: every field optional, so what is missing is a 422 naming it.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = MealSwapRequest.CodingKeys
        public var day: String?
        public var reason: String?
        public var recipeID: String?

        public init(day: String? = nil, reason: String? = nil, recipeID: String? = nil) {
            self.day = day
            self.reason = reason
            self.recipeID = recipeID
        }
    }

    /// `day` required (at most ``MealSwapRules/maxDayLength`` characters), `reason` at most
    /// ``MealSwapRules/maxReasonLength``, `recipe_id` at most ``MealSwapRules/maxRecipeIDLength``.
    /// Whether the day is one of the plan's, and the recipe one that fits, the server says (422).
    public static func check(_ input: Input) -> Checked<MealSwapRequest> {
        var v = Validator()
        let day = v.requireText(input.day, "day", maxLength: MealSwapRules.maxDayLength)
        let reason = v.optionalText(input.reason, "reason", maxLength: MealSwapRules.maxReasonLength)
        let recipe = v.optionalText(input.recipeID, "recipe_id", maxLength: MealSwapRules.maxRecipeIDLength)
        return .from(v) { day.map { MealSwapRequest(day: $0, reason: reason, recipeID: recipe) } }
    }

    /// This body as the server reads it.
    public var input: Input { Input(day: day, reason: reason, recipeID: recipeID) }
}
