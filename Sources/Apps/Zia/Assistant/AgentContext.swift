import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// What every agent of one run works with: the (redacted) goal and conversation, the household,
/// the strategy, and the run's ledger; it makes the routed calls — each with the budget left, in
/// the strategy's order, never after the run was cancelled — and streams synthesis text through
/// an ``OutputGate`` to `progress`.
struct AgentContext: Sendable {
    let input: AssistInput
    /// The goal as the safety precheck left it (PII redacted).
    let goal: String
    let strategy: RoutingStrategy
    let router: ModelRouter
    let ledger: RunLedger
    let screen: SafetyScreen
    /// Food rules the goal stated (``StatedRules``), kept for this run like the household's.
    let stated: [String]
    /// The household's food rules and the goal's, read once for the run; every agent's output passes it.
    let food: FoodCheck
    /// The change the goal makes to the conversation's last meal plan, if it makes one.
    let followUp: PlanFollowUp?
    let progress: @Sendable (AssistProgress) async throws -> Void

    init(
        input: AssistInput, goal: String, strategy: RoutingStrategy, router: ModelRouter, ledger: RunLedger, screen: SafetyScreen, stated: [String] = [],
        followUp: PlanFollowUp? = nil, progress: @escaping @Sendable (AssistProgress) async throws -> Void
    ) {
        self.input = input
        self.goal = goal
        self.strategy = strategy
        self.router = router
        self.ledger = ledger
        self.screen = screen
        self.stated = stated
        self.followUp = followUp
        self.food = FoodCheck(restrictions: input.household.safetyAllergies, kidAges: input.household.kids.map(\.age), stated: stated)
        self.progress = progress
    }

    /// Turns of history a prompt carries, and the characters kept of each (budget: 2,000 tokens a run).
    static let historyTurns = 4
    static let turnCharacters = 240
    static let memoryCount = 5
    static let memoryCharacters = 160

    var household: HouseholdProfile { input.household }
    var kidAges: [Int] { household.kids.map(\.age) }

    /// The conversation's last turns, redacted and shortened: the messages before a prompt.
    var conversation: [ChatMessage] {
        input.history.suffix(Self.historyTurns).map { ChatMessage($0.role, String(screen.postcheck($0.content).prefix(Self.turnCharacters))) }
    }

    /// The consented memories as a prompt paragraph (empty without any).
    var memoryParagraph: String {
        let memories = input.memories.prefix(Self.memoryCount).map { "- " + String(screen.postcheck($0).prefix(Self.memoryCharacters)) }
        return memories.isEmpty ? "" : "What we remember about this family:\n" + memories.joined(separator: "\n") + "\n"
    }

    /// A request: the conversation so far, then `instructions`, the memories and the brief.
    func request(system: String, instructions: String, brief: AgentBrief, temperature: Double, maxTokens: Int) -> CompletionRequest {
        let user = instructions + "\n" + memoryParagraph + "\n" + brief.section
        return CompletionRequest(system: system, messages: conversation + [ChatMessage(.user, user)], temperature: temperature, maxTokens: maxTokens)
    }

    /// One whole answer for `stage`.
    func complete(_ request: CompletionRequest, stage: ModelStage) async throws -> String {
        try Task.checkCancellation()
        let routed = try await router.complete(
            request, purpose: strategy.purpose(for: stage), app: "zia", budget: ledger.budget, order: strategy.order)
        ledger.charge(routed)
        return routed.completion.text
    }

    /// Streams `stage`'s answer through `gate` to the client as `.token` deltas.
    func stream(_ request: CompletionRequest, stage: ModelStage, gate: OutputGate) async throws {
        try Task.checkCancellation()
        var request = request
        if input.variants["synthesis_prompt"] == "concise_v2", var last = request.messages.popLast() {
            // The `synthesis_prompt` experiment's second arm asks for shorter, time-labelled lines.
            last.content += "\n" + Assistant.conciseInstruction
            request.messages.append(last)
        }
        let events = router.streamRouted(request, purpose: strategy.purpose(for: stage), app: "zia", budget: ledger.budget, order: strategy.order)
        for try await event in events {
            switch event {
            case .delta(let text):
                for delta in gate.feed(text) { try await progress(.token(delta)) }
            case .done(let routed):
                ledger.charge(routed)
            }
        }
        for delta in gate.finish() { try await progress(.token(delta)) }
    }

    /// Sends `text` to the client as word deltas.
    func say(_ text: String) async throws {
        for delta in WordDeltas.split(text) { try await progress(.token(delta)) }
    }
}
