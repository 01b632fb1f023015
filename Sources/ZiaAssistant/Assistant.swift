import AIProviders
import Foundation
import ZiaAPI

// PLACEHOLDER — replaced by the assistant engineer's implementation (same public signatures).

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
    public var graph: [String]
    public var state: [String: String]
    public var usage: AssistUsage
    public var costUSD: Double
}

/// Per-request limits across every stage of a run (the seed's `RUN_BUDGET_CENTS_DEFAULT`, `RUN_TOKEN_LIMIT_DEFAULT`).
public struct AssistantConfiguration: Sendable {
    public var budgetCents: Int
    public var tokenLimit: Int

    public init(budgetCents: Int = 10, tokenLimit: Int = 2000) {
        self.budgetCents = budgetCents
        self.tokenLimit = tokenLimit
    }
}

/// Routes a goal to one of four agents and runs it.
public struct Assistant: Sendable {
    let router: ModelRouter
    let recipes: any RecipeRetriever
    let knowledge: any KnowledgeRetriever
    let configuration: AssistantConfiguration

    public init(router: ModelRouter, recipes: any RecipeRetriever, knowledge: any KnowledgeRetriever, configuration: AssistantConfiguration = .init()) {
        self.router = router
        self.recipes = recipes
        self.knowledge = knowledge
        self.configuration = configuration
    }

    /// Offline models for the purposes `zia.planning`, `zia.synthesis`, `zia.safety_critical`.
    public static var offlineModels: [String: any LanguageModel] { [:] }
    public static let purposes = ["zia.planning", "zia.synthesis", "zia.safety_critical"]

    /// Runs `input`, reporting progress as it goes; a thrown `progress` (the client left) ends the run.
    public func run(_ input: AssistInput, progress: @escaping @Sendable (AssistProgress) async throws -> Void) async throws -> AssistRun {
        try await progress(.status("Thinking..."))
        for word in ["Here ", "is ", "a ", "plan."] { try await progress(.token(word)) }
        let final = AssistFinal(text: "Here is a plan.", usage: AssistUsage(), costUSD: 0, meta: AssistMeta(intent: .generic))
        return AssistRun(intent: .generic, outcome: .final(final), graph: ["synthesis"], state: [:], usage: AssistUsage(), costUSD: 0)
    }
}
