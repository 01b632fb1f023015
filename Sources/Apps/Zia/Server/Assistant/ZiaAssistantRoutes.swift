import AIProviders
import Auth
import Foundation
import Hummingbird
import Logging
import Observability
import Persistence
import PlatformCore
import ZiaAPI
import ZiaAssistant

/// Zia's assistant surface as one piece ZiaApp holds: the stream route with its limits and quota,
/// the conversation routes, and the stores behind them (conversations and messages, agent runs).
public struct ZiaAssistantRoutes: Sendable {
    public let conversations: ConversationRepository
    public let runs: AgentRunRepository
    let stream: AssistStreamController
    let conversationRoutes: ConversationsController

    /// - Parameters:
    ///   - memories: the memories a run may plan with (none without the user's consent).
    ///   - engine: what runs a request (the ``Assistant`` over the platform's model router; tests: a scripted engine).
    ///   - limiters: the platform's limiters (who a request comes from, shared buckets); in process when nil.
    ///   - cursorSecret: the server secret the conversation list's cursors are signed with.
    public init(
        database: any Database, clock: any TimeSource, accounts: AccountRepository, engine: any AssistEngine, memories: any PromptMemories,
        settings: AssistSettings = AssistSettings(),
        metrics: MetricsRegistry, limiters: RateLimiters? = nil, cursorSecret: Data, logger: Logger = Logger(label: "zia.assistant")
    ) {
        conversations = ConversationRepository(database: database, clock: clock)
        runs = AgentRunRepository(database: database)
        stream = AssistStreamController(
            engine: engine, memories: memories, conversations: conversations, runs: runs,
            accounts: ZiaUserService(users: ZiaUserRepository(database: database, clock: clock), accounts: accounts),
            households: HouseholdRepository(database: database, clock: clock), limits: AssistLimits(settings: settings, limiters: limiters ?? RateLimiters(clock: clock)),
            quota: AssistQuota(limit: settings.monthlyQuota), pantry: PantryRepository(database: database, clock: clock), metrics: metrics, clock: clock, logger: logger)
        conversationRoutes = ConversationsController(conversations: conversations, cursorSecret: cursorSecret)
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        stream.addRoutes(to: api)
        conversationRoutes.addRoutes(to: api)
    }
}
