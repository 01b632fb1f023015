import AIProviders
import Foundation
import PlatformCore
import TestSupport
import Testing

/// A language model whose answers a test scripts: each call takes the next outcome.
final class ScriptedModel: LanguageModel, Sendable {
    let provider: String
    let model: String
    let outcomes: LockedValue<[Result<String, ProviderError>]>
    let calls = LockedValue(0)
    let delay: Duration

    init(_ provider: String, _ model: String, _ outcomes: [Result<String, ProviderError>], delay: Duration = .zero) {
        self.provider = provider
        self.model = model
        self.outcomes = LockedValue(outcomes)
        self.delay = delay
    }

    func complete(_ request: CompletionRequest) async throws -> Completion {
        calls.withLock { $0 += 1 }
        if delay > .zero { try await Task.sleep(for: delay) }
        let outcome = outcomes.withLock { $0.isEmpty ? .success("default") : $0.removeFirst() }
        switch outcome {
        case .success(let text): return Completion(text: text, usage: TokenUsage(inputTokens: 100, outputTokens: 50), model: model, finishReason: "stop")
        case .failure(let error): throw error
        }
    }

    func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> { streamWhole(request) }
}

/// Collects call records in memory.
final class MemoryRecorder: UsageRecorder, Sendable {
    let records = LockedValue<[ModelCallRecord]>([])
    func record(_ record: ModelCallRecord) async { records.withLock { $0.append(record) } }
}

/// Sleeps recorded instead of slept.
final class RecordingSleeper: Sendable {
    let sleeps = LockedValue<[Duration]>([])
    var sleep: @Sendable (Duration) async throws -> Void { { duration in self.sleeps.withLock { $0.append(duration) } } }
}

@Suite("Model router", .timeLimit(.minutes(3)))
struct ModelRouterTests {
    static let request = CompletionRequest(messages: [.init(.user, "Plan a date")], maxTokens: 200)
    static let cheap = ModelPrice(inputPerMillion: 0.1, outputPerMillion: 0.4)
    static let pricey = ModelPrice(inputPerMillion: 15, outputPerMillion: 75)

    func router(
        _ chain: [RouteTarget], offline: [String: any LanguageModel] = [:], recorder: MemoryRecorder = .init(), sleeper: RecordingSleeper = .init(), clock: TestClock = TestClock(),
        policy: RouterPolicy = .init()
    ) -> ModelRouter {
        ModelRouter(chains: chain.isEmpty ? [:] : ["planning": chain], offline: offline, policy: policy, recorder: recorder, clock: clock, sleep: sleeper.sleep)
    }

    @Test("retries 5xx with exponential backoff, then falls back to the next target")
    func retriesThenFallsBack() async throws {
        let first = ScriptedModel("anthropic", "claude", Array(repeating: .failure(.server(status: 503, message: "down")), count: 3))
        let second = ScriptedModel("openai", "gpt", [.success("from gpt")])
        let recorder = MemoryRecorder(), sleeper = RecordingSleeper()
        let routed = try await router([.init(model: first, price: Self.cheap), .init(model: second, price: Self.cheap)], recorder: recorder, sleeper: sleeper)
            .complete(Self.request, purpose: "planning", app: "knot")
        #expect(routed.completion.text == "from gpt")
        #expect(routed.target == "openai:gpt")
        #expect(first.calls.value == 3)
        #expect(sleeper.sleeps.value == [.milliseconds(250), .milliseconds(500)])
        let outcomes = recorder.records.value.map(\.outcome)
        #expect(outcomes == ["error:server_503", "error:server_503", "error:server_503", "ok"])
        let ok = try #require(recorder.records.value.last)
        #expect(ok.app == "knot" && ok.purpose == "planning" && ok.inputTokens == 100 && ok.outputTokens == 50)
        #expect(abs(ok.costUSD - (100 * 0.1 + 50 * 0.4) / 1_000_000) < 1e-12)
    }

    @Test("429 waits for Retry-After; a wait longer than the policy allows falls back at once")
    func honoursRetryAfter() async throws {
        let model = ScriptedModel("openai", "gpt", [.failure(.rateLimited(retryAfter: 2)), .success("ok")])
        let sleeper = RecordingSleeper()
        _ = try await router([.init(model: model, price: Self.cheap)], sleeper: sleeper).complete(Self.request, purpose: "planning")
        #expect(sleeper.sleeps.value == [.seconds(2)])

        let stubborn = ScriptedModel("openai", "gpt", [.failure(.rateLimited(retryAfter: 60))])
        let backup = ScriptedModel("gemini", "flash", [.success("backup")])
        let quick = RecordingSleeper()
        let routed = try await router([.init(model: stubborn, price: Self.cheap), .init(model: backup, price: Self.cheap)], sleeper: quick).complete(
            Self.request, purpose: "planning")
        #expect(routed.completion.text == "backup")
        #expect(stubborn.calls.value == 1 && quick.sleeps.value.isEmpty)
    }

    @Test("a 400 is not retried and does not trip the breaker")
    func badRequestIsNotRetried() async throws {
        let model = ScriptedModel("anthropic", "claude", [.failure(.badRequest("too long"))])
        let backup = ScriptedModel("openai", "gpt", [.success("ok")])
        let router = router([.init(model: model, price: Self.cheap), .init(model: backup, price: Self.cheap)])
        _ = try await router.complete(Self.request, purpose: "planning")
        #expect(model.calls.value == 1)
        #expect(router.health().first { $0.target == "anthropic:claude" }?.circuit == .closed)
    }

    @Test("the circuit opens after repeated failures, skips the target without calling it, then half-opens")
    func circuitBreaker() async throws {
        let clock = TestClock()
        var policy = RouterPolicy()
        policy.maxAttempts = 1
        let flaky = ScriptedModel("anthropic", "claude", Array(repeating: .failure(.server(status: 500, message: "x")), count: 3) + [.success("recovered")])
        let backup = ScriptedModel("openai", "gpt", Array(repeating: .success("backup"), count: 10))
        let router = router([.init(model: flaky, price: Self.cheap), .init(model: backup, price: Self.cheap)], clock: clock, policy: policy)
        for _ in 0..<3 { _ = try await router.complete(Self.request, purpose: "planning") }
        #expect(router.health().first { $0.target == "anthropic:claude" }?.circuit == .open)
        let skipped = try await router.complete(Self.request, purpose: "planning")
        #expect(flaky.calls.value == 3, "an open circuit costs no call")
        #expect(skipped.skipped.first?.reason == "circuit open")
        clock.advance(by: 31)
        #expect(router.health().first { $0.target == "anthropic:claude" }?.circuit == .halfOpen)
        let trial = try await router.complete(Self.request, purpose: "planning")
        #expect(trial.completion.text == "recovered")
        #expect(router.health().first { $0.target == "anthropic:claude" }?.circuit == .closed)
        let stats = try #require(router.health().first { $0.target == "anthropic:claude" })
        #expect(stats.successes == 1 && stats.failures == 3)
    }

    @Test("the budget is checked for every fallback: a cheap model's paid fallback cannot slip past it")
    func budgetCheckedPerTarget() async throws {
        let cheapModel = ScriptedModel("gemini", "flash", Array(repeating: .failure(.server(status: 500, message: "x")), count: 3))
        let paid = ScriptedModel("anthropic", "opus", [.success("expensive")])
        let router = router([.init(model: cheapModel, price: Self.cheap), .init(model: paid, price: Self.pricey)])
        await #expect(throws: RouterError.self) {
            try await router.complete(Self.request, purpose: "planning", budget: Budget(maxCostUSD: 0.001))
        }
        #expect(paid.calls.value == 0, "the paid fallback was never called")
    }

    @Test("over budget steps down to a cheaper model, or fails with a clear error")
    func overBudgetStepsDown() async throws {
        let paid = ScriptedModel("anthropic", "opus", [.success("expensive")])
        let cheapModel = ScriptedModel("gemini", "flash", [.success("cheap")])
        let routed = try await router([.init(model: paid, price: Self.pricey), .init(model: cheapModel, price: Self.cheap)])
            .complete(Self.request, purpose: "planning", budget: Budget(maxCostUSD: 0.001))
        #expect(routed.completion.text == "cheap")
        #expect(paid.calls.value == 0)
        do {
            _ = try await router([.init(model: paid, price: Self.pricey)]).complete(Self.request, purpose: "planning", budget: Budget(maxTokens: 50))
            Issue.record("expected overBudget")
        } catch let error as RouterError {
            guard case .overBudget(_, let details) = error else { Issue.record("\(error)"); return }
            #expect(details.contains("budget 50"))
        }
    }

    @Test("a target slower than the timeout is abandoned for the next")
    func timeoutFallsBack() async throws {
        var policy = RouterPolicy()
        policy.timeout = .milliseconds(100)
        policy.maxAttempts = 1
        let slow = ScriptedModel("openai", "slow", [.success("late")], delay: .seconds(5))
        let fast = ScriptedModel("gemini", "fast", [.success("on time")])
        let routed = try await router([.init(model: slow, price: Self.cheap), .init(model: fast, price: Self.cheap)], policy: policy).complete(Self.request, purpose: "planning")
        #expect(routed.completion.text == "on time", "the slow model would have answered \"late\" had it not been abandoned")
        #expect(routed.skipped.first?.reason == ProviderError.timeout.description)
    }

    @Test("with no provider configured the purpose's offline model answers, and the router says it is offline")
    func offlineDefault() async throws {
        let rules = ScriptedModel("offline", "knot-rules", [.success("rule-based answer")])
        let router = router([], offline: ["planning": rules])
        let routed = try await router.complete(Self.request, purpose: "planning")
        #expect(routed.completion.text == "rule-based answer")
        #expect(routed.target == "offline:knot-rules")
        #expect(routed.costUSD == 0)
        #expect(router.isOffline("planning"))
        await #expect(throws: RouterError.noRoute(purpose: "synthesis")) { try await router.complete(Self.request, purpose: "synthesis") }
    }

    @Test("real clients through the router: a 429 from the fake provider is retried and then succeeds")
    func realClientRetry() async throws {
        try await withFakeProviders { fake in
            fake.script.value = [.status(429, body: "{}", headers: ["retry-after": "0"])]
            let client = OpenAIChatClient(apiKey: "k", model: "gpt-4o-mini", baseURL: fake.baseURL + "/v1")
            let recorder = MemoryRecorder()
            let router = ModelRouter(chains: ["extraction": [RouteTarget(model: client, price: ModelPrice.table["gpt-4o-mini"]!)]], recorder: recorder)
            let routed = try await router.complete(Self.request, purpose: "extraction", app: "vibekeeper")
            #expect(routed.completion.text == "Hello from the fake")
            #expect(fake.requestCount == 2)
            #expect(recorder.records.value.map(\.outcome) == ["error:rate_limited", "ok"])
        }
    }
}

@Suite("Model router streaming", .timeLimit(.minutes(3)))
struct ModelRouterStreamingTests {
    @Test("a stream falls back while nothing was sent, and records the call")
    func streamFallsBackBeforeFirstToken() async throws {
        try await withFakeProviders { fake in
            fake.script.value = [.status(500, body: #"{"error":{"message":"boom"}}"#, headers: [:])]
            var policy = RouterPolicy()
            policy.maxAttempts = 1
            let recorder = MemoryRecorder()
            let router = ModelRouter(
                chains: [
                    "chat": [
                        RouteTarget(model: AnthropicClient(apiKey: "k", model: "claude-haiku-4-5", baseURL: fake.baseURL), price: ModelPrice.table["claude-haiku-4-5"]!),
                        RouteTarget(model: GeminiClient(apiKey: "g", model: "gemini-2.0-flash", baseURL: fake.baseURL + "/v1beta"), price: ModelPrice.table["gemini-2.0-flash"]!),
                    ]
                ],
                policy: policy, recorder: recorder
            )
            var text = ""
            var done: Completion?
            for try await event in router.stream(CompletionRequest(messages: [.init(.user, "hi")]), purpose: "chat", app: "zia") {
                switch event {
                case .delta(let piece): text += piece
                case .done(let completion): done = completion
                }
            }
            #expect(text == "Hello from the fake")
            #expect(done?.model == "gemini-2.0-flash")
            #expect(recorder.records.value.map(\.outcome) == ["error:server_500", "ok"])
            #expect(recorder.records.value.last?.app == "zia")
        }
    }
}
