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
