import Foundation

/// Agent-specific facts about a run, in `final.meta`.
public struct AssistMeta: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case intent, strategy, routineType = "routine_type", choreType = "chore_type", caveat }
    public var intent: AssistIntent
    /// `fast_fallback`, `quality_first` or `safety_critical`.
    public var strategy: String?
    public var routineType: String?
    public var choreType: String?
    /// The consult-your-pediatrician caveat a sensitive topic gets.
    public var caveat: String?

    public init(intent: AssistIntent, strategy: String? = nil, routineType: String? = nil, choreType: String? = nil, caveat: String? = nil) {
        self.intent = intent
        self.strategy = strategy
        self.routineType = routineType
        self.choreType = choreType
        self.caveat = caveat
    }
}

/// A `final` event's data: the seed's unified result, plus a meal plan's text, recipes and groceries.
public struct AssistFinal: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case text, usage, costUSD = "cost_usd", meta, planText = "plan_text", recipes, grocery }
    public var text: String
    public var usage: AssistUsage
    public var costUSD: Double
    public var meta: AssistMeta
    public var planText: String?
    public var recipes: [Recipe]?
    public var grocery: GroceryList?

    public init(text: String, usage: AssistUsage, costUSD: Double, meta: AssistMeta, planText: String? = nil, recipes: [Recipe]? = nil, grocery: GroceryList? = nil) {
        self.text = text
        self.usage = usage
        self.costUSD = costUSD
        self.meta = meta
        self.planText = planText
        self.recipes = recipes
        self.grocery = grocery
    }
}
