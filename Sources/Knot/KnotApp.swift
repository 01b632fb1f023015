import AIProviders
import Auth
import Foundation
import Hummingbird
import Logging
import Persistence
import PlatformCore

/// Knot as a tenant of the platform: its migrations, repositories and routes under `/knot`.
public struct KnotApp: Sendable {
    public static let migrations = KnotSchema.migrations
    public let vaults: VaultRepository
    public let hints: HintRepository
    public let records: KnotRecordsRepository
    public let recommendations: RecommendationRepository
    public let recommender: RecommendationService
    public let learnedWeights: LearnedWeightsRepository

    public let deepLinks: DeepLinks

    /// - Parameters:
    ///   - shareSecret: the server secret share links are signed with.
    ///   - appleAppID: `TEAMID.bundle.id` served in the app-site-association file.
    ///   - sources: where candidates come from; the offline catalog is always one of them.
    ///   - router: answers `knot.vibe_classification` when a model chain is configured for it.
    public init(database: any Database, vectors: any VectorIndex, embedder: any Embedder, clock: any TimeSource, logger: Logger, shareSecret: Data, appleAppID: String?, sources: [any CandidateSourceProvider] = [], router: ModelRouter? = nil) {
        vaults = VaultRepository(database: database, clock: clock)
        hints = HintRepository(database: database, vectors: vectors, embedder: embedder, clock: clock, logger: logger)
        records = KnotRecordsRepository(database: database)
        let signer = ShareLinkSigner(secret: shareSecret)
        recommendations = RecommendationRepository(database: database, clock: clock, signer: signer)
        deepLinks = DeepLinks(appID: appleAppID, signer: signer, recommendations: recommendations)
        learnedWeights = LearnedWeightsRepository(database: database, clock: clock, vaults: vaults)
        let checker = AvailabilityChecker()
        recommender = RecommendationService(vaults: vaults, hints: hints, recommendations: recommendations, weights: learnedWeights, sources: [CatalogSource()] + sources, isAvailable: { await checker.isAvailable($0) }, vibeClassifier: VibeClassification(router: router, logger: logger), logger: logger)
    }

    /// The rule-based models Knot supplies for its AI purposes when no provider is configured.
    public static var offlineModels: [String: any LanguageModel] {
        [KnotVibeClassifier.purpose: KnotVibeClassifier()]
    }

    public var exporter: any AppDataExporter {
        KnotExporter(vaults: vaults, hints: hints, records: records)
    }

    /// Adds Knot's authenticated API routes (`/knot/api/v1/...`) to `api`.
    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        VaultController(vaults: vaults).addRoutes(to: api)
        HintsController(hints: hints, vaults: vaults).addRoutes(to: api)
        RecommendationsController(service: recommender, repository: recommendations, weights: learnedWeights).addRoutes(to: api)
    }
}
