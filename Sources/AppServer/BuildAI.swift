import AIProviders
import AppPlatform
import Auth
import Foundation
import Hummingbird
import Jobs
import Logging
import MediaStorage
import Notifications
import Observability
import Persistence
import PlatformCore
import ServiceLifecycle

/// AI: the vector index for the database, the embedder, and the model router with the hosted apps'
/// offline models.
func buildAI(
    _ configuration: ServerConfiguration, dependencies: ServerDependencies, modules: [SelectedModule], database: any Database, metrics: MetricsRegistry,
    logger: Logger
) async throws -> AIComponents {
    let vectors = makeVectorIndex(for: database.kind)
    let embedder: any Embedder
    if let injected = dependencies.embedder { embedder = injected } else { embedder = try await makeEmbedder(configuration, logger: logger) }
    let usage = SQLUsageRecorder(database: database, metrics: metrics, logger: logger)
    var offlineModels: [String: any LanguageModel] = [:]
    for module in modules { offlineModels.merge(module.type.offlineModels) { $1 } }
    offlineModels.merge(dependencies.offlineModels) { $1 }
    let modelRouter = try makeModelRouter(configuration, offline: offlineModels, recorder: usage, clock: dependencies.clock, logger: logger)
    return AIComponents(vectors: vectors, embedder: embedder, modelRouter: modelRouter, usage: usage)
}

/// The embedder the configuration asks for. `auto` takes MiniLM when its weights are installed and
/// says plainly in the log when it falls back to the non-semantic hashing embedder.
public func makeEmbedder(_ configuration: ServerConfiguration, logger: Logger) async throws -> any Embedder {
    let directory = configuration.miniLMModelDirectory
    switch configuration.embedder {
    case .hashing:
        logger.notice("embedder: hashing (lexical, not semantic) as configured")
        return HashingEmbedder()
    case .openai:
        guard configuration.ai.openAIAPIKey != nil || configuration.ai.openAIBaseURL != "https://api.openai.com/v1" else {
            throw ServerConfiguration.Invalid(description: "EMBEDDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a compatible server)")
        }
        let dimensions = configuration.ai.openAIEmbeddingModel == "text-embedding-3-large" ? 3072 : 1536
        return OpenAIEmbedder(apiKey: configuration.ai.openAIAPIKey, model: configuration.ai.openAIEmbeddingModel, dimensions: dimensions, baseURL: configuration.ai.openAIBaseURL)
    case .vertex:
        guard let project = configuration.ai.vertexProject else {
            throw ServerConfiguration.Invalid(description: "EMBEDDER=vertex needs VERTEX_PROJECT and VERTEX_ACCESS_TOKEN or VERTEX_SERVICE_ACCOUNT_FILE")
        }
        if let token = configuration.ai.vertexAccessToken {
            return VertexEmbedder(project: project, location: configuration.ai.vertexLocation, accessToken: { token })
        }
        guard let path = configuration.ai.vertexServiceAccountFile else {
            throw ServerConfiguration.Invalid(description: "EMBEDDER=vertex needs VERTEX_ACCESS_TOKEN or VERTEX_SERVICE_ACCOUNT_FILE")
        }
        guard let json = FileManager.default.contents(atPath: path) else {
            throw ServerConfiguration.Invalid(description: "VERTEX_SERVICE_ACCOUNT_FILE: cannot read \(path)")
        }
        let tokens: GoogleAccessTokenProvider
        do { tokens = try GoogleAccessTokenProvider(serviceAccountJSON: json) } catch {
            throw ServerConfiguration.Invalid(description: "VERTEX_SERVICE_ACCOUNT_FILE: \(error)")
        }
        return VertexEmbedder(project: project, location: configuration.ai.vertexLocation, accessToken: { try await tokens.token() })
    case .minilm:
        guard MiniLMEmbedder.isInstalled(at: directory) else {
            throw ServerConfiguration.Invalid(description: "EMBEDDER=minilm but no model.safetensors/vocab.txt in \(directory); run scripts/models")
        }
        return try await MiniLMEmbedder.load(directory: directory)
    case .auto:
        if MiniLMEmbedder.isInstalled(at: directory) {
            do {
                let embedder = try await MiniLMEmbedder.load(directory: directory)
                logger.info("embedder: all-MiniLM-L6-v2 from \(directory)")
                return embedder
            } catch {
                logger.warning("MiniLM weights found but not usable (\(error)); falling back to the hashing embedder")
            }
        } else {
            logger.notice("embedder: hashing (lexical, not semantic) — no MiniLM weights in \(directory); run scripts/models for semantic search")
        }
        return HashingEmbedder()
    }
}
