import Foundation
import PlatformAPI
import ZiaAPI
import ZiaSafety

/// Swaps one day of a saved meal plan for another fit recipe, deterministically and with no model
/// call: the household's food rules and the reason's ("no fish", "something vegetarian") hold for
/// the new dish, the reason's words pick it (``RecipeFinder``), it is for the plan's meal and
/// suits the youngest kid, and it is none of the plan's other dishes nor the one it replaces.
public struct MealSwapper: Sendable {
    let finder: RecipeFinder

    public init(recipes: any RecipeRetriever) {
        finder = RecipeFinder(recipes: recipes)
    }

    /// What a swap did.
    public enum Outcome: Sendable {
        /// The plan's new payload and the day's new recipe.
        case swapped(payload: JSONValue, recipe: Recipe)
        /// The plan has no day of that label; its labels.
        case unknownDay([String])
        /// `recipe_id` names no recipe Zia has.
        case unknownRecipe
        /// `recipe_id`'s recipe breaks a rule of the household or the reason, or is not for this meal or the youngest: why.
        case unfit(String)
        /// No other recipe fits that day.
        case nothingFits
    }

    /// Day `day` of `plan` on another recipe: `recipeID`'s when given, else the best fit for `reason`.
    public func swap(_ plan: SavedMealPlan, day: String, reason: String?, recipeID: String?, household: HouseholdProfile) async throws -> Outcome {
        guard let index = plan.revision.index(of: day) else { return .unknownDay(plan.revision.days.map(\.label)) }
        // The household's rules as stored now, the plan's goal's, and the reason's.
        let check = FoodCheck(household: household, stated: plan.goalRules + (reason.map { StatedRules.read($0) } ?? []))
        let request = MealRequest(meal: plan.revision.meal, days: plan.revision.days.count)
        let planner = WeekPlanner(cuisines: household.cuisines, kidAges: household.kids.map(\.age))
        let purees = plan.revision.days[index].recipe?.tags.contains("puree") ?? false
        if let recipeID {
            guard let recipe = PlanRevision.recipe(id: recipeID) else { return .unknownRecipe }
            let broken = check.violations(in: recipe)
            if !broken.isEmpty {
                return .unfit("breaks the household's food rules: " + CaseInsensitiveText.unique(broken.map { "\($0.carries) (\($0.ingredient))" }).joined(separator: ", "))
            }
            guard RecipeFinder.fits(recipe, check: check, request: request, purees: true) else { return .unfit("is not a \(request.meal.rawValue) recipe") }
            guard planner.suits(recipe) else { return .unfit("is for kids of \(recipe.minAge) and older") }
            if let other = plan.revision.days.indices.first(where: { $0 != index && plan.revision.days[$0].recipe?.id == recipe.id }) {
                return .unfit("is already on \(plan.revision.days[other].label)")
            }
            return .swapped(payload: plan.replacing(index, with: recipe, household: household), recipe: recipe)
        }
        let query = ZiaOfflineModel.searchQuery(goal: reason ?? "", cuisines: household.cuisines, meal: request.meal)
        let found = try await finder.find(
            query, want: MealPlannerAgent.k + plan.revision.days.count, check: check, youngest: WeekPlanner.planningAge(planner.kidAges), purees: purees,
            request: request)
        guard let pick = plan.revision.replacements(changing: [index: check], candidates: found.fit, planner: planner)[index] else { return .nothingFits }
        return .swapped(payload: plan.replacing(index, with: pick, household: household), recipe: pick)
    }
}
