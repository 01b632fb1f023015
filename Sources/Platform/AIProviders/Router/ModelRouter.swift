import Foundation
import Logging
import PlatformCore
import Synchronization

/// Routes each purpose (planning, synthesis, extraction, safety-critical, …) through its chain of
/// models: budget check, retries with backoff on 429/5xx/timeouts, per-attempt timeout, fallback to
/// the next target, a circuit breaker per target so an outage costs one fast failure, and a record
/// of every call. With no provider configured for a purpose it answers from that purpose's offline
/// model (rule-based, supplied by the app) — and says so.
public final class ModelRouter: Sendable {
    struct Breaker {
        var consecutiveFailures = 0
        var openedAt: Date?
        var trialInFlight = false
        var successes = 0
        var failures = 0
        var latencyTotal = 0.0
        var lastError: String?
    }

    let chains: [String: [RouteTarget]]
    let offline: [String: any LanguageModel]
    let policy: RouterPolicy
    let recorder: any UsageRecorder
    let clock: any TimeSource
    let sleep: @Sendable (Duration) async throws -> Void
    let logger: Logger
    private let breakers = Mutex<[String: Breaker]>([:])

    public init(
        chains: [String: [RouteTarget]],
        offline: [String: any LanguageModel] = [:],
        policy: RouterPolicy = .init(),
        recorder: any UsageRecorder,
        clock: any TimeSource = SystemTime(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        logger: Logger = Logger(label: "router")
    ) {
        self.chains = chains
        self.offline = offline
        self.policy = policy
        self.recorder = recorder
        self.clock = clock
        self.sleep = sleep
        self.logger = logger
    }

    /// The targets a purpose tries, in order: its configured chain (arranged by `order`), then its
    /// offline model.
    public func targets(for purpose: String, order: TargetOrder = .configured) -> [RouteTarget] {
        order.arrange((chains[purpose] ?? []) + (offline[purpose].map { [RouteTarget(model: $0, price: .free, isOffline: true)] } ?? []))
    }

    /// Whether `purpose` would be answered by an offline model only (reported in `/health`).
    public func isOffline(_ purpose: String) -> Bool { (chains[purpose] ?? []).isEmpty }

    public var purposes: [String] { Array(Set(chains.keys).union(offline.keys)).sorted() }

    public func complete(
        _ request: CompletionRequest, purpose: String, app: String? = nil, budget: Budget? = nil, order: TargetOrder = .configured
    ) async throws -> RoutedCompletion {
        let targets = targets(for: purpose, order: order)
        guard !targets.isEmpty else { throw RouterError.noRoute(purpose: purpose) }
        var skipped: [(target: String, reason: String)] = []
        var overBudgetOnly = true
        for target in targets {
            // A cancelled caller (a client that left) gets no further model calls.
            try Task.checkCancellation()
            if let reason = budgetProblem(request, target: target, budget: budget) {
                skipped.append((target.name, reason))
                await record(target, purpose: purpose, app: app, usage: nil, latency: 0, outcome: "over_budget")
                continue
            }
            overBudgetOnly = false
            guard admit(target.name) else {
                skipped.append((target.name, "circuit open"))
                await record(target, purpose: purpose, app: app, usage: nil, latency: 0, outcome: "circuit_open")
                continue
            }
            do {
                let (completion, latency) = try await attempt(request, on: target, purpose: purpose, app: app)
                let cost = target.price.cost(completion.usage)
                await record(target, purpose: purpose, app: app, usage: completion.usage, latency: latency, outcome: "ok")
                return RoutedCompletion(completion: completion, target: target.name, costUSD: cost, skipped: skipped)
            } catch {
                skipped.append((target.name, String(describing: error)))
                logger.warning("model call failed; falling back", metadata: ["purpose": "\(purpose)", "target": "\(target.name)", "error": "\(error)"])
            }
        }
        let details = skipped.map { "\($0.target): \($0.reason)" }.joined(separator: "; ")
        throw overBudgetOnly ? RouterError.overBudget(purpose: purpose, details: details) : RouterError.allTargetsFailed(purpose: purpose, details: details)
    }

    /// Streams an answer for `purpose`. Targets are tried in order (budget and circuit checked for
    /// each); a target that fails *before its first token* is retried or replaced by the next, one
    /// that fails mid-answer ends the stream with its error (the client already showed part of it).
    public func stream(
        _ request: CompletionRequest, purpose: String, app: String? = nil, budget: Budget? = nil, order: TargetOrder = .configured
    ) -> AsyncThrowingStream<CompletionEvent, any Error> {
        let routed = streamRouted(request, purpose: purpose, app: app, budget: budget, order: order)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await event in routed {
                        switch event {
                        case .delta(let text): continuation.yield(.delta(text))
                        case .done(let routed): continuation.yield(.done(routed.completion))
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// ``stream(_:purpose:app:budget:order:)`` ending with the ``RoutedCompletion`` (target, cost,
    /// targets passed over) instead of the bare completion.
    public func streamRouted(
        _ request: CompletionRequest, purpose: String, app: String? = nil, budget: Budget? = nil, order: TargetOrder = .configured
    ) -> AsyncThrowingStream<RoutedStreamEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                let targets = self.targets(for: purpose, order: order)
                guard !targets.isEmpty else { return continuation.finish(throwing: RouterError.noRoute(purpose: purpose)) }
                var skipped: [(target: String, reason: String)] = []
                var overBudgetOnly = true
                for target in targets {
                    if let reason = self.budgetProblem(request, target: target, budget: budget) {
                        skipped.append((target.name, reason))
                        await self.record(target, purpose: purpose, app: app, usage: nil, latency: 0, outcome: "over_budget")
                        continue
                    }
                    overBudgetOnly = false
                    var attemptNumber = 0
                    while self.admit(target.name) {
                        attemptNumber += 1
                        let start = ContinuousClock.now
                        var started = false
                        do {
                            for try await event in target.model.stream(request) {
                                started = true
                                switch event {
                                case .delta(let text): continuation.yield(.delta(text))
                                case .done(let completion):
                                    let latency = self.milliseconds(ContinuousClock.now - start)
                                    self.succeeded(target.name, latency: latency)
                                    await self.record(target, purpose: purpose, app: app, usage: completion.usage, latency: latency, outcome: "ok")
                                    continuation.yield(
                                        .done(RoutedCompletion(completion: completion, target: target.name, costUSD: target.price.cost(completion.usage), skipped: skipped)))
                                }
                            }
                            return continuation.finish()
                        } catch {
                            let latency = self.milliseconds(ContinuousClock.now - start)
                            let providerError = error as? ProviderError ?? .transport(String(describing: error))
                            self.failed(target.name, error: providerError, latency: latency)
                            await self.record(target, purpose: purpose, app: app, usage: nil, latency: latency, outcome: "error:\(providerError.kind)")
                            if started || Task.isCancelled { return continuation.finish(throwing: providerError) }
                            skipped.append((target.name, String(describing: providerError)))
                            guard providerError.isRetryable, attemptNumber < self.policy.maxAttempts else { break }
                            let delay = self.policy.baseBackoff * (1 << (attemptNumber - 1))
                            try? await self.sleep(delay)
                        }
                    }
                }
                let details = skipped.map { "\($0.target): \($0.reason)" }.joined(separator: "; ")
                continuation.finish(
                    throwing: overBudgetOnly ? RouterError.overBudget(purpose: purpose, details: details) : RouterError.allTargetsFailed(purpose: purpose, details: details))
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Tries one target up to `maxAttempts` times; returns the completion and the latency of the
    /// successful attempt.
    func attempt(_ request: CompletionRequest, on target: RouteTarget, purpose: String, app: String?) async throws -> (Completion, Double) {
        var attemptNumber = 0
        while true {
            attemptNumber += 1
            let start = ContinuousClock.now
            do {
                let completion = try await withTimeout(policy.timeout) { try await target.model.complete(request) }
                let latency = milliseconds(ContinuousClock.now - start)
                succeeded(target.name, latency: latency)
                return (completion, latency)
            } catch {
                let latency = milliseconds(ContinuousClock.now - start)
                let providerError = error as? ProviderError ?? .transport(String(describing: error))
                failed(target.name, error: providerError, latency: latency)
                await record(target, purpose: purpose, app: app, usage: nil, latency: latency, outcome: "error:\(providerError.kind)")
                guard providerError.isRetryable, attemptNumber < policy.maxAttempts, admit(target.name) else { throw providerError }
                var delay = policy.baseBackoff * (1 << (attemptNumber - 1))
                if case .rateLimited(let retryAfter?) = providerError { delay = .milliseconds(Int(retryAfter * 1000)) }
                // A provider asking for a longer wait than we are willing to give: fall back now.
                guard delay <= policy.maxBackoff else { throw providerError }
                try await sleep(delay)
            }
        }
    }

    func withTimeout<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw ProviderError.timeout
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// Why `target` cannot take `request` within `budget`, or nil when it can.
    func budgetProblem(_ request: CompletionRequest, target: RouteTarget, budget: Budget?) -> String? {
        guard let budget, !(budget.exemptsOffline && target.isOffline) else { return nil }
        let estimated = TokenUsage(inputTokens: request.estimatedInputTokens, outputTokens: request.maxTokens)
        if let maxTokens = budget.maxTokens, estimated.inputTokens + estimated.outputTokens > maxTokens {
            return "needs up to \(estimated.inputTokens + estimated.outputTokens) tokens, budget \(maxTokens)"
        }
        let cost = target.price.cost(estimated)
        if let maxCost = budget.maxCostUSD, cost > maxCost {
            return String(format: "may cost $%.6f, budget $%.6f", cost, maxCost)
        }
        return nil
    }

    // MARK: Circuit breaker

    /// Closed → calls pass. Open → refused until the cooldown ends, then one trial (half-open);
    /// the trial's success closes the circuit, its failure opens it again.
    func admit(_ name: String) -> Bool {
        let now = clock.now()
        return breakers.withLock { breakers in
            var breaker = breakers[name] ?? Breaker()
            defer { breakers[name] = breaker }
            guard let openedAt = breaker.openedAt else { return true }
            guard now.timeIntervalSince(openedAt) >= policy.breakerCooldown, !breaker.trialInFlight else { return false }
            breaker.trialInFlight = true
            return true
        }
    }

    func succeeded(_ name: String, latency: Double) {
        breakers.withLock { breakers in
            var breaker = breakers[name] ?? Breaker()
            breaker.consecutiveFailures = 0
            breaker.openedAt = nil
            breaker.trialInFlight = false
            breaker.successes += 1
            breaker.latencyTotal += latency
            breakers[name] = breaker
        }
    }

    func failed(_ name: String, error: ProviderError, latency: Double) {
        let now = clock.now()
        breakers.withLock { breakers in
            var breaker = breakers[name] ?? Breaker()
            breaker.failures += 1
            breaker.latencyTotal += latency
            breaker.lastError = error.description
            // Only provider-side trouble trips the breaker; our own bad request does not.
            if error.isRetryable {
                breaker.consecutiveFailures += 1
                if breaker.trialInFlight || breaker.consecutiveFailures >= policy.breakerThreshold {
                    breaker.openedAt = now
                }
            }
            breaker.trialInFlight = false
            breakers[name] = breaker
        }
    }

    /// Success rate, latency and circuit state of every target that has been used or configured.
    public func health() -> [TargetHealth] {
        let now = clock.now()
        let snapshot = breakers.withLock { $0 }
        var names: [String: String] = [:]
        for target in chains.values.flatMap({ $0 }) + offline.values.map({ RouteTarget(model: $0, price: .free, isOffline: true) }) {
            names[target.name] = target.model.provider
        }
        return names.keys.sorted().map { name in
            let breaker = snapshot[name] ?? Breaker()
            let calls = breaker.successes + breaker.failures
            let circuit: TargetHealth.Circuit = breaker.openedAt.map { now.timeIntervalSince($0) >= policy.breakerCooldown ? .halfOpen : .open } ?? .closed
            return TargetHealth(
                target: name, provider: names[name] ?? "", successes: breaker.successes, failures: breaker.failures,
                averageLatencyMilliseconds: calls == 0 ? 0 : Int(breaker.latencyTotal / Double(calls)), circuit: circuit, lastError: breaker.lastError
            )
        }
    }

    func record(_ target: RouteTarget, purpose: String, app: String?, usage: TokenUsage?, latency: Double, outcome: String) async {
        let usage = usage ?? TokenUsage(inputTokens: 0, outputTokens: 0)
        await recorder.record(
            ModelCallRecord(
                app: app, purpose: purpose, provider: target.model.provider, model: target.model.model,
                inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, costUSD: target.price.cost(usage),
                latencyMilliseconds: Int(latency.rounded()), outcome: outcome, at: clock.now()
            ))
    }

    func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
