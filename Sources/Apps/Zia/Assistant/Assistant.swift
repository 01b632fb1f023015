import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// Zia's assistant: classifies a goal (``IntentClassifier``), screens it before any model call
/// (``SafetyScreen``: a refusal costs nothing), picks a ``RoutingStrategy`` and runs one of four
/// agents — meal planner, routine, chores, generic — within the run's budget, streaming progress
/// and the (gated) synthesis text as it goes.
public struct Assistant: Sendable {
    let router: ModelRouter
    let recipes: any RecipeRetriever
    let knowledge: any KnowledgeRetriever
    let configuration: AssistantConfiguration
    let screen = SafetyScreen()

    public init(router: ModelRouter, recipes: any RecipeRetriever, knowledge: any KnowledgeRetriever, configuration: AssistantConfiguration = .init()) {
        self.router = router
        self.recipes = recipes
        self.knowledge = knowledge
        self.configuration = configuration
    }

    /// Offline models for the purposes `zia.planning`, `zia.synthesis`, `zia.safety_critical`.
    public static var offlineModels: [String: any LanguageModel] {
        Dictionary(uniqueKeysWithValues: purposes.map { ($0, ZiaOfflineModel() as any LanguageModel) })
    }
    /// What the `concise_v2` arm of the `synthesis_prompt` experiment adds to a synthesis prompt.
    public static let conciseInstruction = "Keep every line short, and give every step a time label where it has one."
    public static let purposes = [RoutingStrategy.planningPurpose, RoutingStrategy.synthesisPurpose, RoutingStrategy.safetyCriticalPurpose]

    /// Runs `input`, reporting progress as it goes; a thrown `progress` (the client left) or a
    /// cancelled task ends the run with no further model call.
    public func run(_ input: AssistInput, progress: @escaping @Sendable (AssistProgress) async throws -> Void) async throws -> AssistRun {
        let intent = Self.read(input).intent
        let ledger = RunLedger(configuration)
        ledger.ran("precheck")
        let goal: String
        let caveat: String?
        switch screen.precheck(goal: input.goal, domain: Self.domain(of: intent), kidAges: input.household.kids.map(\.age)) {
        case .refused(let refusal):
            return AssistRun(intent: intent, outcome: .refusal(refusal), graph: ledger.snapshot.graph, state: [:], usage: AssistUsage(), costUSD: 0)
        case .allowed(let allowed, let note):
            (goal, caveat) = (allowed, note)
        }
        let complexity = RequestComplexity.assess(goal: goal, history: input.history)
        // The goal's rules and its follow-up to the last plan, read from the goal as redacted.
        let reading = Self.read(input, goal: goal)
        let stated = intent == reading.intent ? reading.stated : []
        // A rule the goal states routes like the household's: a meal plan for it is safety-critical.
        var ruled = input.household
        ruled.allergies += stated
        let strategy = RoutingStrategy.choose(
            intent: intent, household: ruled, complexity: complexity, qualityMeals: input.variants["model_strategy"] == "quality_meals")
        let context = AgentContext(
            input: input, goal: goal, strategy: strategy, router: router, ledger: ledger, screen: screen, stated: stated,
            followUp: intent == .mealPlanning ? reading.followUp : nil, progress: progress)
        var result = try await agent(for: intent).run(context)
        if result.refusal == nil, let caveat {
            let addition = (result.text.isEmpty ? "" : "\n\n") + caveat
            try await context.say(addition)
            result.text += addition
        }

        let books = ledger.snapshot
        var state = result.state
        state["strategy"] = strategy.rawValue
        for (experiment, arm) in input.variants { state["experiment." + experiment] = arm }
        state["complexity"] = complexity.rawValue
        state["targets"] = books.targets.joined(separator: ",")
        let outcome: AssistOutcome
        if let refusal = result.refusal {
            outcome = .refusal(refusal)
        } else {
            let meta = AssistMeta(intent: intent, strategy: strategy.rawValue, routineType: result.routine?.type, choreType: result.chores?.choreType, caveat: caveat)
            var final = AssistFinal(
                text: result.text, usage: books.usage, costUSD: books.costUSD, meta: meta, planText: result.planText, recipes: result.recipes, grocery: result.grocery,
                routine: result.routine, chores: result.chores)
            final.portionNotes = result.portionNotes
            if intent == .mealPlanning {
                // Only this goal's own rules are offered; an earlier goal's were offered with its plan.
                let offered = Set(reading.offered.map { $0.lowercased() })
                let suggested = context.food.rules.rules.filter { $0.source == .goal && offered.contains($0.text.lowercased()) }.map(\.text)
                if !suggested.isEmpty { final.suggestedRules = suggested }
                if !stated.isEmpty { final.goalRules = stated }
            }
            outcome = .final(final)
        }
        return AssistRun(intent: intent, outcome: outcome, graph: books.graph, state: state, usage: books.usage, costUSD: books.costUSD)
    }

    /// How a run reads its goal before any model call, given the conversation so far: the agent it
    /// goes to, the food rules it states, and whether it changes the last plan.
    public struct GoalReading: Sendable, Equatable {
        public var intent: AssistIntent
        /// The rules the run keeps (``StatedRules``): a meal plan's ("allergic to sesame"), a
        /// follow-up's for every day ("make it vegetarian"), and those the conversation's earlier
        /// planned goals stated; none for routines, chores and questions ("signs of a peanut
        /// allergy?" states no rule), nor a rule for one day ("no fish on Friday").
        public var stated: [String]
        /// The rules of ``stated`` this goal states itself, which a plan offers as a household
        /// change (an earlier goal's were offered then).
        public var offered: [String]
        /// The change the goal makes to the conversation's last plan, if it makes one.
        public var followUp: PlanFollowUp?
    }

    /// How `goal` reads after `history`: a follow-up to the last plan ("swap Monday", "make it
    /// vegetarian") is a meal plan unless `mode` says otherwise; else ``IntentClassifier`` decides.
    /// The stream route reads it too, for the rules `context` lists.
    public static func read(
        _ goal: String, mode: AssistMode?, history: [ChatMessage], conversationRules: [String]? = nil, lastPlan: String? = nil
    ) -> GoalReading {
        let classified = IntentClassifier().classify(goal, mode: mode)
        let earlier = conversationRules ?? earlierRules(in: history)
        // A routine's or a chore's goal ("change the bedtime routine on Friday") is never a plan's follow-up.
        if classified == .mealPlanning || classified == .generic && mode == nil,
            let followUp = PlanFollowUp.read(goal, lastPlan: lastPlan ?? PlanFollowUp.lastPlan(in: history, for: goal))
        {
            return GoalReading(intent: .mealPlanning, stated: CaseInsensitiveText.unique(followUp.planRules + earlier), offered: followUp.planRules, followUp: followUp)
        }
        guard classified == .mealPlanning else { return GoalReading(intent: classified, stated: [], offered: [], followUp: nil) }
        let own = StatedRules.read(goal)
        return GoalReading(intent: classified, stated: CaseInsensitiveText.unique(own + earlier), offered: own, followUp: nil)
    }

    /// How `input`'s goal (or `goal`, the goal as redacted) reads in its conversation.
    static func read(_ input: AssistInput, goal: String? = nil) -> GoalReading {
        read(goal ?? input.goal, mode: input.mode, history: input.history, conversationRules: input.conversationRules, lastPlan: input.lastPlan)
    }

    /// The rules the conversation's earlier goals stated for every day, read from each goal that
    /// got a plan: a sesame allergy said two turns ago still holds for "swap Monday" or "now lunches".
    public static func earlierRules(in history: [ChatMessage]) -> [String] {
        var rules: [String] = []
        for (index, message) in history.enumerated() where message.role == .user && index + 1 < history.count {
            let answer = history[index + 1]
            guard answer.role == .assistant, !PlanFollowUp.lines(of: answer.content).isEmpty else { continue }
            rules += PlanFollowUp.wholePlanRules(of: message.content)
        }
        return CaseInsensitiveText.unique(rules)
    }

    func agent(for intent: AssistIntent) -> any Agent {
        switch intent {
        case .mealPlanning: MealPlannerAgent(recipes: recipes)
        case .routines: RoutineAgent()
        case .chores: ChoresAgent()
        case .generic: GenericAgent(knowledge: knowledge)
        }
    }

    /// The safety policy's domain of an intent.
    static func domain(of intent: AssistIntent) -> SafetyDomain {
        switch intent {
        case .mealPlanning: .meals
        case .routines: .routines
        case .chores: .chores
        case .generic: .generic
        }
    }
}
