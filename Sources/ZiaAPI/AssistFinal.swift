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

/// A routine the routine agent planned, typed so a client can show it as a checklist and the next
/// issue can save it: its kind, its steps at clock times, and how long it takes.
public struct RoutinePlan: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case type, steps, totalMinutes = "total_minutes" }
    /// One step: when it starts (`HH:MM`, 24-hour), what it is, and how many minutes it takes.
    public struct Step: Codable, Sendable, Equatable {
        public var time: String
        public var title: String
        public var minutes: Int

        public init(time: String, title: String, minutes: Int) {
            self.time = time
            self.title = title
            self.minutes = minutes
        }
    }
    /// `bedtime`, `morning` or `nap`.
    public var type: String
    public var steps: [Step]
    /// The steps' minutes summed.
    public var totalMinutes: Int

    public init(type: String, steps: [Step]) {
        self.type = type
        self.steps = steps
        self.totalMinutes = steps.reduce(0) { $0 + $1.minutes }
    }
}

/// A chore schedule the chores agent planned: the kind of chore, how often, and each occurrence
/// with its task, who does it and for how long.
public struct ChorePlan: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case choreType = "chore_type", frequency, schedule }
    /// One occurrence: the weekday (`monday`…), the task, who does it, and its minutes.
    public struct Entry: Codable, Sendable, Equatable {
        public var day: String
        public var task: String
        public var assignee: String
        public var minutes: Int

        public init(day: String, task: String, assignee: String, minutes: Int) {
            self.day = day
            self.task = task
            self.assignee = assignee
            self.minutes = minutes
        }
    }
    /// `cleaning`, `laundry`, `dishes`, `tidying`, `organizing`, …
    public var choreType: String
    /// `daily` or `weekly`.
    public var frequency: String
    public var schedule: [Entry]

    public init(choreType: String, frequency: String, schedule: [Entry]) {
        self.choreType = choreType
        self.frequency = frequency
        self.schedule = schedule
    }
}
