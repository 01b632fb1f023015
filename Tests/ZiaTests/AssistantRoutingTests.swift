import AIProviders
import Foundation
import Testing
import ZiaAPI
import ZiaAssistant

@Suite("Assistant routing: strategies, order, budget", .timeLimit(.minutes(1)))
struct AssistantRoutingTests {
    typealias F = AssistantFixtures
    static let cheap = ModelPrice(inputPerMillion: 0.15, outputPerMillion: 0.6)
    static let strong = ModelPrice(inputPerMillion: 3, outputPerMillion: 15)
    static let middle = ModelPrice(inputPerMillion: 2.5, outputPerMillion: 10)
    static let simpleGoal = "Plan dinners"
    static let complexGoal = "Plan a balanced week of dinners that are quick, cheap and high in protein, with different cuisines each night"

    struct Chain {
        let cheapModel = ScriptedAssistantModel("openai", "gpt-4o-mini")
        let strongModel = ScriptedAssistantModel("anthropic", "claude-3-5-sonnet-latest")
        var targets: [RouteTarget] { [RouteTarget(model: strongModel, price: AssistantRoutingTests.strong), RouteTarget(model: cheapModel, price: AssistantRoutingTests.cheap)] }
    }

    @Test("TargetOrder: cheapest first, strongest first, configured; ties stable; the offline model always last")
    func targetOrder() {
        let models = ["a", "b", "c"].map { ScriptedAssistantModel("fake", $0) }
        let router = ModelRouter(
            chains: [
                "p": [RouteTarget(model: models[0], price: Self.middle), RouteTarget(model: models[1], price: Self.cheap), RouteTarget(model: models[2], price: Self.strong)]
            ],
            offline: ["p": ZiaOfflineModel()], recorder: AssistantRecorder())
        #expect(router.targets(for: "p").map(\.model.model) == ["a", "b", "c", "zia-rules-v1"])
        #expect(router.targets(for: "p", order: .cheapestFirst).map(\.model.model) == ["b", "a", "c", "zia-rules-v1"])
        #expect(router.targets(for: "p", order: .strongestFirst).map(\.model.model) == ["c", "a", "b", "zia-rules-v1"])
        let tied = TargetOrder.cheapestFirst.arrange([RouteTarget(model: models[2], price: .free), RouteTarget(model: models[0], price: .free)])
        #expect(tied.map(\.model.model) == ["c", "a"])
    }

    @Test("complexity: a short plain ask is simple; long, constrained or ongoing asks are complex")
    func complexity() {
        #expect(RequestComplexity.assess(goal: Self.simpleGoal, history: []) == .simple)
        #expect(RequestComplexity.assess(goal: Self.complexGoal, history: []) == .complex)
        #expect(RequestComplexity.assess(goal: "Dinners without dairy and quick", history: []) == .complex)
        #expect(RequestComplexity.assess(goal: "More like that", history: [ChatMessage(.user, "a"), ChatMessage(.assistant, "b")]) == .complex)
    }

    @Test("simple → fast_fallback: the cheap model answers first")
    func simpleGoesCheap() async throws {
        let chain = Chain()
        let run = try await F.assistant(chains: ["zia.planning": chain.targets, "zia.synthesis": chain.targets]).run(F.input(Self.simpleGoal), progress: { _ in })
        #expect(run.state["strategy"] == "fast_fallback")
        #expect(chain.cheapModel.calls == 2)
        #expect(chain.strongModel.calls == 0)
    }

    @Test("experiments: the quality_meals arm starts a simple meal plan at the strongest model; concise_v2 adds its line to the synthesis prompt; the arms are in the run's state")
    func experimentArms() async throws {
        let chain = Chain()
        var input = F.input(Self.simpleGoal)
        input.variants = ["model_strategy": "quality_meals", "synthesis_prompt": "concise_v2"]
        let run = try await F.assistant(chains: ["zia.planning": chain.targets, "zia.synthesis": chain.targets]).run(input, progress: { _ in })
        #expect(run.state["strategy"] == "quality_first")
        #expect(chain.strongModel.calls == 2 && chain.cheapModel.calls == 0)
        let prompts = chain.strongModel.requests.withLock { $0 }.map { $0.messages.last?.content ?? "" }
        #expect(prompts.count == 2 && !prompts[0].contains(Assistant.conciseInstruction) && prompts[1].contains(Assistant.conciseInstruction))
        #expect(run.state["experiment.model_strategy"] == "quality_meals" && run.state["experiment.synthesis_prompt"] == "concise_v2")

        let control = Chain()
        var plain = F.input(Self.simpleGoal)
        plain.variants = ["model_strategy": "cost_first", "synthesis_prompt": "seed_v1"]
        let controlRun = try await F.assistant(chains: ["zia.planning": control.targets, "zia.synthesis": control.targets]).run(plain, progress: { _ in })
        #expect(controlRun.state["strategy"] == "fast_fallback")
        #expect(!control.cheapModel.requests.withLock { $0 }.contains { $0.messages.last?.content.contains(Assistant.conciseInstruction) == true })
    }

    @Test("complex → quality_first: the strongest model answers first")
    func complexGoesStrong() async throws {
        let chain = Chain()
        let run = try await F.assistant(chains: ["zia.planning": chain.targets, "zia.synthesis": chain.targets]).run(F.input(Self.complexGoal), progress: { _ in })
        #expect(run.state["strategy"] == "quality_first")
        #expect(chain.strongModel.calls == 2)
        #expect(chain.cheapModel.calls == 0)
        #expect(run.costUSD > 0)
        #expect(run.usage.totalTokens == 300)
        #expect(run.state["targets"] == "anthropic:claude-3-5-sonnet-latest,anthropic:claude-3-5-sonnet-latest")
    }

    @Test("allergies on the meal planner → safety_critical: synthesis through zia.safety_critical in its configured order")
    func allergiesGoSafetyCritical() async throws {
        let chain = Chain()
        let safety = ScriptedAssistantModel("anthropic", "claude-safety")
        let recorder = AssistantRecorder()
        let run = try await F.assistant(
            chains: ["zia.planning": chain.targets, "zia.synthesis": chain.targets, "zia.safety_critical": [RouteTarget(model: safety, price: Self.strong)] + chain.targets],
            recorder: recorder
        ).run(F.input(Self.simpleGoal, household: HouseholdProfile(allergies: ["peanut"])), progress: { _ in })
        #expect(run.state["strategy"] == "safety_critical")
        #expect(safety.calls == 1)
        #expect(recorder.answered.map(\.purpose) == ["zia.planning", "zia.safety_critical"])
        // Routines never go safety-critical, allergies or not.
        let routine = try await F.assistant().run(F.input("bedtime routine", household: HouseholdProfile(allergies: ["peanut"])), progress: { _ in })
        #expect(routine.state["strategy"] == "fast_fallback")
    }

    @Test("a failing model falls back to the next in the strategy's order")
    func fallback() async throws {
        let failing = ScriptedAssistantModel("openai", "gpt-4o-mini", failure: .server(status: 503, message: "down"))
        let strong = ScriptedAssistantModel("anthropic", "claude")
        let targets = [RouteTarget(model: strong, price: Self.strong), RouteTarget(model: failing, price: Self.cheap)]
        let run = try await F.assistant(chains: ["zia.planning": targets, "zia.synthesis": targets]).run(F.input(Self.simpleGoal), progress: { _ in })
        #expect(failing.calls >= 1)
        #expect(strong.calls == 2)
        #expect(try AssistantEngineTests.final(run).recipes?.count == 7)
    }

    @Test("a small per-run budget forces the cheap model for the synthesis of a complex request")
    func budgetForcesCheap() async throws {
        let chain = Chain()
        let recorder = AssistantRecorder()
        let run = try await F.assistant(
            chains: ["zia.planning": chain.targets, "zia.synthesis": chain.targets], recorder: recorder, configuration: AssistantConfiguration(budgetCents: 1, tokenLimit: 2000)
        ).run(F.input(Self.complexGoal), progress: { _ in })
        #expect(run.state["strategy"] == "quality_first")
        // The query (~300 tokens) fits a cent on the strong model; the week (~1,300) does not.
        #expect(chain.strongModel.calls == 1)
        #expect(chain.cheapModel.calls == 1)
        #expect(recorder.records.withLock { $0 }.contains { $0.model == "claude-3-5-sonnet-latest" && $0.purpose == "zia.synthesis" && $0.outcome == "over_budget" })
        #expect(run.costUSD <= 0.01)
    }

    @Test("the budget is per run: what planning spent is gone for synthesis")
    func budgetAcrossStages() async throws {
        let chain = Chain()
        // Planning fits the 700 tokens (~250 needed); the synthesis (~600 out + prompt) no longer does.
        let run = try await F.assistant(
            chains: ["zia.planning": chain.targets, "zia.synthesis": chain.targets], configuration: AssistantConfiguration(budgetCents: 10, tokenLimit: 700)
        ).run(F.input(Self.simpleGoal), progress: { _ in })
        #expect(chain.cheapModel.calls == 1)
        #expect(run.state["targets"] == "openai:gpt-4o-mini,offline:zia-rules-v1")
        #expect(try AssistantEngineTests.final(run).recipes?.count == 7)
    }

    @Test("when nothing fits the budget the offline model (free) still answers")
    func nothingFitsOfflineAnswers() async throws {
        let chain = Chain()
        let recorder = AssistantRecorder()
        let run = try await F.assistant(
            chains: ["zia.planning": chain.targets, "zia.synthesis": chain.targets], recorder: recorder, configuration: AssistantConfiguration(budgetCents: 0, tokenLimit: 10)
        ).run(F.input(Self.simpleGoal), progress: { _ in })
        #expect(chain.cheapModel.calls + chain.strongModel.calls == 0)
        #expect(recorder.answered.allSatisfy { $0.provider == "offline" })
        #expect(recorder.answered.count == 2)
        #expect(try AssistantEngineTests.final(run).recipes?.count == 7)
        #expect(run.costUSD == 0)
    }

    @Test("the router makes no call for a cancelled caller")
    func routerHonoursCancellation() async throws {
        let model = ScriptedAssistantModel("openai", "m")
        let router = ModelRouter(chains: ["p": [RouteTarget(model: model, price: Self.cheap)]], recorder: AssistantRecorder())
        let task = Task {
            try? await Task.sleep(for: .seconds(10))
            return try await router.complete(CompletionRequest(messages: [ChatMessage(.user, "hi")]), purpose: "p")
        }
        task.cancel()
        _ = await task.result
        #expect(model.calls == 0)
    }
}
