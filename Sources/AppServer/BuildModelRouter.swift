import AIProviders
import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import SQLKit

/// Builds the model router from configuration: each `AI_CHAIN_<PURPOSE>` target becomes a real
/// client of its provider, priced from the published table (unknown models are priced like the
/// most expensive known one, so budgets err on the safe side). Apps add their offline models.
func makeModelRouter(
    _ configuration: ServerConfiguration, offline: [String: any LanguageModel], recorder: any UsageRecorder, clock: any TimeSource, logger: Logger
) throws -> ModelRouter {
    let ai = configuration.ai
    let transport = aiTransport(ai)
    let fallbackPrice = ModelPrice(inputPerMillion: 15, outputPerMillion: 75)
    var chains: [String: [RouteTarget]] = [:]
    for (purpose, names) in ai.chains {
        chains[purpose] = try names.map { name in
            let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
            let (provider, model) = (parts[0], parts[1])
            let client: any LanguageModel
            switch provider {
            case "anthropic":
                guard let key = ai.anthropicAPIKey else {
                    throw ServerConfiguration.Invalid(description: "AI_CHAIN_\(purpose.uppercased()) uses anthropic but ANTHROPIC_API_KEY is not set")
                }
                client = AnthropicClient(apiKey: key, model: model, baseURL: ai.anthropicBaseURL, transport: transport)
            case "openai":
                client = OpenAIChatClient(apiKey: ai.openAIAPIKey, model: model, baseURL: ai.openAIBaseURL, transport: transport)
            default:
                guard let key = ai.geminiAPIKey else {
                    throw ServerConfiguration.Invalid(description: "AI_CHAIN_\(purpose.uppercased()) uses gemini but GEMINI_API_KEY is not set")
                }
                client = GeminiClient(apiKey: key, model: model, baseURL: ai.geminiBaseURL, transport: transport)
            }
            return RouteTarget(model: client, price: ModelPrice.table[model] ?? fallbackPrice)
        }
    }
    var policy = RouterPolicy()
    policy.timeout = .seconds(ai.timeoutSeconds)
    policy.maxAttempts = ai.maxAttempts
    return ModelRouter(chains: chains, offline: offline, policy: policy, recorder: recorder, clock: clock, logger: logger)
}

/// The speech-to-text client `TRANSCRIBER` names (OpenAI or a compatible server at
/// `OPENAI_BASE_URL`), on the router's timeout; nil when unset. The choice was checked by
/// ``ServerConfiguration/validate()``.
func makeTranscriber(_ configuration: ServerConfiguration) -> (any Transcriber)? {
    let ai = configuration.ai
    guard let choice = ai.transcriber, choice.provider == "openai" else { return nil }
    return OpenAITranscriber(apiKey: ai.openAIAPIKey, model: choice.model, baseURL: ai.openAIBaseURL, transport: aiTransport(ai))
}

/// The image-description client `VISION_MODEL` names, on the router's timeout; nil when unset. The
/// choice (and the Anthropic key it needs) was checked by ``ServerConfiguration/validate()``.
func makeVisionModel(_ configuration: ServerConfiguration) -> (any VisionModel)? {
    let ai = configuration.ai
    switch (ai.vision?.provider, ai.vision?.model, ai.anthropicAPIKey) {
    case ("anthropic", let model?, let key?):
        return AnthropicVisionModel(client: AnthropicClient(apiKey: key, model: model, baseURL: ai.anthropicBaseURL, transport: aiTransport(ai)))
    case ("openai", let model?, _):
        return OpenAIVisionModel(chat: OpenAIChatClient(apiKey: ai.openAIAPIKey, model: model, baseURL: ai.openAIBaseURL, transport: aiTransport(ai)))
    default:
        return nil
    }
}

/// The transport every model client uses: `AI_TIMEOUT_SECONDS` per call.
func aiTransport(_ ai: ServerConfiguration.AIProviderSettings) -> ProviderTransport {
    ProviderTransport(timeout: .seconds(Int64(ai.timeoutSeconds)))
}

/// Reads `run_metrics` for the `server ai-costs` command: opens the configured database, migrates it
/// (so a fresh database answers with no rows rather than an error), and sums an app's spend per day.
public func dailyCosts(configuration: ServerConfiguration, app: String, days: Int) async throws -> [SQLUsageRecorder.DailyCost] {
    var logger = Logger(label: "ai-costs")
    logger.logLevel = .warning
    let database: any Database
    var runner: Task<Void, any Error>?
    if let url = configuration.databaseURL {
        let store = try PostgresStore(url: url, maxConnections: 1, logger: logger)
        runner = Task { try await store.run() }
        database = store
    } else {
        database = try await SQLiteStore.open(path: URL(fileURLWithPath: configuration.dataDirectory).appendingPathComponent("apps.sqlite").path, readers: 1, logger: logger)
    }
    defer { runner?.cancel() }
    do {
        try await Migrator.migrate(database, sets: [PlatformSchema.migrations], logger: logger)
        let costs = try await SQLUsageRecorder(database: database, metrics: MetricsRegistry(), logger: logger).dailyCosts(app: app, days: days)
        await database.close()
        return costs
    } catch {
        await database.close()
        throw error
    }
}
