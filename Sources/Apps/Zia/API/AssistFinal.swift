import Foundation

/// A `final` event's data: the unified result (docs/zia.md, "The stream"), plus a meal plan's text, recipes and groceries.
public struct AssistFinal: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case text, usage, costUSD = "cost_usd", meta, planText = "plan_text", recipes, grocery, missingGrocery = "missing_grocery", routine, chores
        case suggestedRules = "suggested_rules", goalRules = "goal_rules", portionNotes = "portion_notes"
    }
    public var text: String
    public var usage: AssistUsage
    public var costUSD: Double
    public var meta: AssistMeta
    public var planText: String?
    public var recipes: [Recipe]?
    public var grocery: GroceryList?
    /// A meal plan's `grocery` less what the caller's pantry holds (the server adds it to every plan).
    public var missingGrocery: MissingGroceryList?
    /// A routine's steps (the routine agent's result).
    public var routine: RoutinePlan?
    /// A chore schedule (the chores agent's result).
    public var chores: ChorePlan?
    /// Food rules the goal stated that the household does not hold ("sesame", "no mushrooms",
    /// "vegetarian"): the plan kept them; a client offers to add them to the household's
    /// allergies, and nothing is saved without the user's yes.
    public var suggestedRules: [String]?
    /// Every food rule the goal and the conversation's earlier planned goals stated that the plan
    /// kept: a client saves them with the plan, so a day swapped later keeps them too.
    public var goalRules: [String]?
    /// A meal plan's notes on adapting each dinner for the household's kids of 0 and 1.
    public var portionNotes: [PortionNote]?

    public init(
        text: String, usage: AssistUsage, costUSD: Double, meta: AssistMeta, planText: String? = nil, recipes: [Recipe]? = nil, grocery: GroceryList? = nil,
        routine: RoutinePlan? = nil, chores: ChorePlan? = nil
    ) {
        self.text = text
        self.usage = usage
        self.costUSD = costUSD
        self.meta = meta
        self.planText = planText
        self.recipes = recipes
        self.grocery = grocery
        self.routine = routine
        self.chores = chores
    }
}
