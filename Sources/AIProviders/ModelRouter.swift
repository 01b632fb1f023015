import Foundation
import Logging
import PlatformCore
import Synchronization

/// USD per million tokens, in and out.
public struct ModelPrice: Sendable, Equatable {
    public var inputPerMillion: Double
    public var outputPerMillion: Double

    public init(inputPerMillion: Double, outputPerMillion: Double) {
        self.inputPerMillion = inputPerMillion
        self.outputPerMillion = outputPerMillion
    }

    public static let free = ModelPrice(inputPerMillion: 0, outputPerMillion: 0)

    public func cost(_ usage: TokenUsage) -> Double {
        (Double(usage.inputTokens) * inputPerMillion + Double(usage.outputTokens) * outputPerMillion) / 1_000_000
    }

    /// Published list prices of the models the configuration knows by name (USD / 1M tokens).
    public static let table: [String: ModelPrice] = [
        "claude-3-5-sonnet-latest": .init(inputPerMillion: 3, outputPerMillion: 15),
        "claude-sonnet-4-5": .init(inputPerMillion: 3, outputPerMillion: 15),
        "claude-3-5-haiku-latest": .init(inputPerMillion: 0.8, outputPerMillion: 4),
        "claude-haiku-4-5": .init(inputPerMillion: 1, outputPerMillion: 5),
        "gpt-4o": .init(inputPerMillion: 2.5, outputPerMillion: 10),
        "gpt-4o-mini": .init(inputPerMillion: 0.15, outputPerMillion: 0.6),
        "gpt-4.1-mini": .init(inputPerMillion: 0.4, outputPerMillion: 1.6),
        "gemini-1.5-pro": .init(inputPerMillion: 1.25, outputPerMillion: 5),
        "gemini-2.0-flash": .init(inputPerMillion: 0.1, outputPerMillion: 0.4),
        "gemini-2.5-flash": .init(inputPerMillion: 0.3, outputPerMillion: 2.5),
    ]
}

/// One model a purpose may use, with what it costs.
public struct RouteTarget: Sendable {
    public let model: any LanguageModel
    public let price: ModelPrice
    /// The purpose's offline model (local, free): always tried last, whatever the order.
    public let isOffline: Bool

    public init(model: any LanguageModel, price: ModelPrice, isOffline: Bool = false) {
        self.model = model
        self.price = price
        self.isOffline = isOffline
    }

    /// What a million tokens in and a million out cost: how ``TargetOrder`` ranks targets.
    var listPrice: Double { price.inputPerMillion + price.outputPerMillion }

    /// `provider:model`, how targets are named in configuration, health and accounting.
    public var name: String { "\(model.provider):\(model.model)" }
}

/// Per-request caps. Checked against every target before it is called — a fallback cannot spend
/// more than the request allowed.
public struct Budget: Sendable, Equatable {
    public var maxTokens: Int?
    public var maxCostUSD: Double?
    /// When true the caps bound only the providers: the purpose's offline model (local and free)
    /// still answers when nothing else fits. When false (the default) it is checked like any target.
    public var exemptsOffline: Bool

    public init(maxTokens: Int? = nil, maxCostUSD: Double? = nil, exemptsOffline: Bool = false) {
        self.maxTokens = maxTokens
        self.maxCostUSD = maxCostUSD
        self.exemptsOffline = exemptsOffline
    }
}

/// The order a purpose's configured chain is tried in — how a caller turns a strategy (cheap model
/// first for a simple request, strongest first for a complex one) into routing without a chain per
/// strategy. List price stands in for strength. Ties keep the configured order, and the offline
/// model stays last whatever the order.
public enum TargetOrder: String, Sendable, CaseIterable {
    /// As configured (`AI_CHAIN_<PURPOSE>`).
    case configured
    /// Cheapest list price (input + output per million tokens) first.
    case cheapestFirst = "cheapest_first"
    /// Most expensive list price first.
    case strongestFirst = "strongest_first"

    /// `targets` in this order (a stable sort; offline targets after all others).
    public func arrange(_ targets: [RouteTarget]) -> [RouteTarget] {
        let online = targets.filter { !$0.isOffline }
        let offline = targets.filter(\.isOffline)
        let ranked: [RouteTarget]
        switch self {
        case .configured: ranked = online
        case .cheapestFirst: ranked = online.enumerated().sorted { ($0.element.listPrice, $0.offset) < ($1.element.listPrice, $1.offset) }.map(\.element)
        case .strongestFirst: ranked = online.enumerated().sorted { ($1.element.listPrice, $0.offset) < ($0.element.listPrice, $1.offset) }.map(\.element)
        }
        return ranked + offline
    }
}

/// Retry, timeout and circuit-breaker settings.
public struct RouterPolicy: Sendable {
    public var maxAttempts = 3
    public var baseBackoff: Duration = .milliseconds(250)
    public var maxBackoff: Duration = .seconds(8)
    public var timeout: Duration = .seconds(45)
    /// Consecutive failures that open a target's circuit.
    public var breakerThreshold = 3
    /// How long an open circuit stays open before one trial call (half-open).
    public var breakerCooldown: TimeInterval = 30

    public init() {}
}

/// What every routed call leaves behind, for the `run_metrics` table and metrics.
public struct ModelCallRecord: Sendable, Equatable {
    public var app: String?
    public var purpose: String
    public var provider: String
    public var model: String
    public var inputTokens: Int
    public var outputTokens: Int
    public var costUSD: Double
    public var latencyMilliseconds: Int
    /// `ok`, `error:<kind>`, `over_budget`, `circuit_open`.
    public var outcome: String
    public var at: Date
}

/// Where call records go (a database table in the server, an array in tests).
public protocol UsageRecorder: Sendable {
    func record(_ record: ModelCallRecord) async
}

/// A completion and who produced it.
public struct RoutedCompletion: Sendable {
    public let completion: Completion
    public let target: String
    public let costUSD: Double
    /// Targets tried before this one, and why they were passed over.
    public let skipped: [(target: String, reason: String)]
}

/// A streamed answer as the router delivers it: text deltas, then the completion with the target
/// that produced it and its cost.
public enum RoutedStreamEvent: Sendable {
    case delta(String)
    case done(RoutedCompletion)
}

/// Why the router could not answer.
public enum RouterError: Error, Sendable, CustomStringConvertible, Equatable {
    case noRoute(purpose: String)
    case overBudget(purpose: String, details: String)
    case allTargetsFailed(purpose: String, details: String)

    public var description: String {
        switch self {
        case .noRoute(let purpose): "no model is configured for \(purpose)"
        case .overBudget(let purpose, let details): "every model for \(purpose) would exceed the budget (\(details))"
        case .allTargetsFailed(let purpose, let details): "every model for \(purpose) failed (\(details))"
        }
    }
}

/// Health of one target as the router sees it.
public struct TargetHealth: Sendable, Equatable {
    public enum Circuit: String, Sendable { case closed, open, halfOpen = "half_open" }
    public var target: String
    public var provider: String
    public var successes: Int
    public var failures: Int
    public var averageLatencyMilliseconds: Int
    public var circuit: Circuit
    public var lastError: String?

    public var successRate: Double { successes + failures == 0 ? 1 : Double(successes) / Double(successes + failures) }
}

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
