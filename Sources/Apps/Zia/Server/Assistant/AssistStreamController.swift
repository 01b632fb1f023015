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
