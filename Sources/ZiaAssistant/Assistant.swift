import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// How a run ended: a result to show, or a refusal.
public enum AssistOutcome: Sendable, Equatable {
    case final(AssistFinal)
    case refusal(AssistRefusal)
}

/// What a finished run leaves for its `agent_runs` row: the intent, the stages run (`graph`), the
/// final state, the outcome, usage and cost.
public struct AssistRun: Sendable {
    public var intent: AssistIntent
    public var outcome: AssistOutcome
    /// The stages run, in order: `precheck`, then the agent's (`planning`, `retrieval`,
    /// `synthesis`, `allergen_check`).
    public var graph: [String]
    /// `strategy`, `complexity`, `targets` (the models that answered), and the agent's: `query`,
    /// `retrieved_ids`, `recipe_ids`, `repaired`, `routine_type`, `chore_type`, `domain`, …
    public var state: [String: String]
    public var usage: AssistUsage
    public var costUSD: Double
}

/// Per-request limits across every stage of a run (the seed's `RUN_BUDGET_CENTS_DEFAULT`, `RUN_TOKEN_LIMIT_DEFAULT`).
public struct AssistantConfiguration: Sendable, Equatable {
    public var budgetCents: Int
    public var tokenLimit: Int

    public init(budgetCents: Int = 10, tokenLimit: Int = 2000) {
        self.budgetCents = budgetCents
        self.tokenLimit = tokenLimit
    }
}

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
    let classifier = IntentClassifier()

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
        let intent = classifier.classify(input.goal, mode: input.mode)
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
        let stated = Self.statedRules(goal, mode: input.mode)
        // A rule the goal states routes like the household's: a meal plan for it is safety-critical.
        var ruled = input.household
        ruled.allergies += stated
        let strategy = RoutingStrategy.choose(
            intent: intent, household: ruled, complexity: complexity, qualityMeals: input.variants["model_strategy"] == "quality_meals")
        let context = AgentContext(
            input: input, goal: goal, strategy: strategy, router: router, ledger: ledger, screen: screen, stated: stated, progress: progress)
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
                let suggested = context.food.rules.rules.filter { $0.source == .goal }.map(\.text)
                if !suggested.isEmpty { final.suggestedRules = suggested }
            }
            outcome = .final(final)
        }
        return AssistRun(intent: intent, outcome: outcome, graph: books.graph, state: state, usage: books.usage, costUSD: books.costUSD)
    }

    /// The food rules `goal` states that a run keeps: a meal plan's ("allergic to sesame"); none for
    /// routines, chores and questions ("signs of a peanut allergy?" states no rule).
    public static func statedRules(_ goal: String, mode: AssistMode?) -> [String] {
        IntentClassifier().classify(goal, mode: mode) == .mealPlanning ? StatedRules.read(goal) : []
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
