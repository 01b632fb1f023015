import AIProviders
import Foundation
import Hummingbird
import Logging
import Observability
import PlatformCore
import Synchronization
import ZiaAPI
import ZiaAssistant
import ZiaSafety

/// `POST /assist/stream`: everything that can refuse a request with an HTTP status happens here,
/// before the stream opens — the per-minute limits (429), the body's checks (422), the conversation
/// being the caller's (404) — then the goal is stored in its conversation and ``AssistStreamRun``
/// writes the events.
public struct AssistStreamController: Sendable {
    let engine: any AssistEngine
    let memories: any PromptMemories
    let conversations: ConversationRepository
    let runs: AgentRunRepository
    let accounts: ZiaUserService
    let households: HouseholdRepository
    let limits: AssistLimits
    let quota: AssistQuota
    /// The caller's pantry: a meal plan's `final` gets `missing_grocery` from it.
    let pantry: PantryRepository
    let metrics: MetricsRegistry
    let clock: any TimeSource
    let logger: Logger

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.assistStream, responding: stream)
    }

    @Sendable func stream(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Response {
        // A reconnect after a cut stream (`Last-Event-ID`): `stream_interrupted` and `done`, no new run.
        if let reconnect = EventStream.reconnection(request, ending: AssistEvents.ending { 0 }) { return reconnect }
        let user = context.userID
        if let retryAfter = await limits.admit(request, user: user, peer: context.remoteAddress?.ipAddress) { throw APIError.rateLimited(retryAfter: retryAfter) }
        let body = try AssistRequest.check(try await request.decode(as: AssistRequest.Input.self, context: context)).get()
        // `done`'s clock starts with the run, not with the upload of its body (docs/zia.md, "The stream").
        let started = ContinuousClock.now
        // What is kept of the goal (the conversation's title and message, so the history later runs
        // read and the export) has its PII redacted, as everything the assistant sends back has.
        let storedGoal = PIIRedactor.redact(body.goal)
        let runID = UUID()
        let conversationID: ConversationID
        var history: [ChatMessage] = []
        var conversationRules: [String]?
        var lastPlan: String?
        if let continued = body.conversationID.map(ConversationID.init) {
            // The prompts carry the last turns; the rules earlier goals stated and the last plan come from the whole conversation.
            let messages = try await conversations.lastMessages(of: continued, for: user, count: ZiaRules.conversationScanMessages).map {
                ChatMessage($0.role == .user ? .user : .assistant, $0.content)
            }
            history = Array(messages.suffix(ZiaRules.historyMessages))
            conversationRules = Assistant.earlierRules(in: messages)
            lastPlan = PlanFollowUp.lastPlan(in: messages, for: storedGoal)
            guard try await conversations.append(.user, storedGoal, runID: runID, to: continued, for: user) else {
                throw APIError.notFound(ConversationID.notFoundName, code: ConversationID.notFoundCode)
            }
            conversationID = continued
        } else {
            conversationID = ConversationID()
            try await conversations.start(conversationID, for: user, goal: storedGoal, runID: runID)
        }
        async let account = accounts.account(of: user)
        async let household = households.profile(of: user)
        // The goal as the engine reads it (its agent, its rules, a follow-up to the last plan), for `context` and the memories.
        let reading = Assistant.read(storedGoal, mode: body.mode, history: history, conversationRules: conversationRules, lastPlan: lastPlan)
        async let remembered = memories.memoriesForPrompt(user: user, domain: MemoryDomain(intent: reading.intent))
        let profile = try await household ?? .defaults
        let caller = try await account
        let variants = ZiaExperiments.variants(for: user, cohort: caller.betaCohort)
        let run = AssistStreamRun(
            input: AssistInput(
                userID: user, goal: body.goal, mode: body.mode, household: profile, history: history, memories: try await remembered, conversationID: conversationID.uuid,
                runID: runID, variants: variants, conversationRules: conversationRules, lastPlan: lastPlan),
            context: AssistContext(
                profile: caller, household: profile, conversationID: conversationID, runID: RunID(runID),
                foodRules: FoodCheck(household: profile, stated: reading.stated).rules),
            quota: quota, started: started,
            engine: engine, conversations: conversations, runs: runs, pantry: pantry, metrics: metrics, clock: clock, logger: logger)
        // Every event carries an id (`<run_id>:<n>`), so a client that loses the stream reconnects with `Last-Event-ID`.
        let ids = AssistEventIDs(RunID(runID))
        // A stream open when the server stops ends as the others do: an `error` (`server_restarting`), then `done`.
        return EventStream.response(ending: AssistEvents.ending(ids: ids) { run.elapsedMs }) { sender in
            try await run.produce(sender, delivery: Delivery(ids: ids))
        }
    }
}

/// One assist request once its stream is open: `context`; then the run reserves its place in the
/// monthly quota (``AgentRunRepository/reserve(_:for:quota:now:)``) and sends `quota_exceeded`, or
/// the engine's progress and its `final` or `refusal`, or an `error`; always `done` last. The answer
/// and the run's row are stored before the result is sent; a client that leaves cancels the run,
/// which is recorded as `cancelled`.
struct AssistStreamRun: Sendable {
    let input: AssistInput
    let context: AssistContext
    let quota: AssistQuota
    let started: ContinuousClock.Instant
    let engine: any AssistEngine
    let conversations: ConversationRepository
    let runs: AgentRunRepository
    let pantry: PantryRepository
    let metrics: MetricsRegistry
    let clock: any TimeSource
    let logger: Logger

    func produce(_ sender: EventStreamSender, delivery: Delivery) async throws {
        try await delivery.send(AssistEvents.event(.context, context), through: sender)
        var recorded = false
        do {
            let reservation = record(.running)
            if let exceeded = try await Self.finishing({ try await runs.reserve(reservation, for: input.userID, quota: quota, now: reservation.createdAt) }) {
                recorded = true
                try await delivery.send(AssistEvents.event(.quotaExceeded, exceeded), through: sender)
            } else {
                let result = try await engine.run(input) { progress in try await delivery.send(AssistEvents.progress(progress), through: sender) }
                let event = try await store(result)
                recorded = true
                try await delivery.send(event, through: sender)
            }
        } catch {
            if Task.isCancelled || delivery.clientGone {
                // The client left (or the server is stopping): nobody reads any more events. The row is
                // still written, before the stream ends.
                if !recorded { try? await Self.finishing { try await runs.record(record(.cancelled), for: input.userID) } }
                throw error
            }
            logger.error("assist run failed", metadata: ["run_id": "\(input.runID)", "error": "\(String(reflecting: error))"])
            if !recorded { try? await Self.finishing { try await runs.record(record(.error), for: input.userID) } }
            try await delivery.send(AssistEvents.error(error), through: sender)
        }
        try await delivery.send(AssistEvents.done(elapsedMs: elapsedMs), through: sender)
    }

    /// Stores the answer in the conversation and the run's row (and counts a user's first plan);
    /// answers the event that shows it.
    private func store(_ run: AssistRun) async throws -> ServerSentEvent {
        let (outcome, text, event): (AgentRunOutcome, String, ServerSentEvent) =
            switch try await withPantryView(run.outcome) {
            case .final(let final): (.ok, final.text, try AssistEvents.event(.final, final))
            case .refusal(let refusal): (.refusal, refusal.refusalText, try AssistEvents.event(.refusal, refusal))
            }
        try await Self.finishing {
            try await conversations.append(.assistant, text, runID: input.runID, to: context.conversationID, for: input.userID)
            try await runs.record(record(outcome, run), for: input.userID)
            if outcome == .ok, try await runs.completedRuns(of: input.userID) == 1 {
                metrics.increment(
                    "first_plan_generated_total", help: "Users whose first assist run ended with a result, by intent and beta cohort",
                    labels: ["intent": run.intent.rawValue, "beta_cohort": context.profile.betaCohort ?? "none"])
            }
        }
        return event
    }

    /// A meal plan's `final` with `missing_grocery`: its `grocery` (unchanged) less the caller's pantry.
    private func withPantryView(_ outcome: AssistOutcome) async throws -> AssistOutcome {
        guard case .final(var final) = outcome, let grocery = final.grocery else { return outcome }
        final.missingGrocery = PantryMatcher(pantry: try await pantry.stock(for: input.userID)).missing(from: grocery)
        return .final(final)
    }

    private func record(_ outcome: AgentRunOutcome, _ run: AssistRun? = nil) -> AgentRunRecord {
        AgentRunRecord(
            id: input.runID, conversationID: input.conversationID, intent: run?.intent.rawValue ?? AgentRunRecord.unrouted, graph: run?.graph ?? [],
            state: run?.state ?? [:], outcome: outcome, inputTokens: run?.usage.inputTokens ?? 0, outputTokens: run?.usage.outputTokens ?? 0,
            costUSD: run?.costUSD ?? 0, durationMs: elapsedMs, createdAt: clock.now())
    }

    var elapsedMs: Int {
        let elapsed = ContinuousClock.now - started
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Runs `work` to its end even if the client leaves meanwhile (a write is not cut halfway).
    private static func finishing<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await Task { try await work() }.value
    }
}

/// How a run's events reach the client: each numbered by the stream's ``AssistEventIDs``, and
/// whether one could not be handed to the connection: the client left. A run that fails because of
/// that was cancelled by the client, not an error of the run (the write's failure can arrive before
/// the task's cancellation does).
final class Delivery: Sendable {
    let ids: AssistEventIDs
    private let gone = Mutex(false)

    init(ids: AssistEventIDs) {
        self.ids = ids
    }

    var clientGone: Bool { gone.withLock { $0 } }

    func send(_ event: ServerSentEvent, through sender: EventStreamSender) async throws {
        do {
            try await sender.send(ids.stamp(event))
        } catch {
            gone.withLock { $0 = true }
            throw error
        }
    }
}
