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

/// `GET /health`: whether the database answers, which database and embedder are in use (honestly:
/// `semantic: false` for the hashing fallback), which apps are hosted.
struct HealthReport: ResponseEncodable {
    enum CodingKeys: String, CodingKey { case status, database, embedder, languageModels = "language_models", providers, apps, environment, uptimeSeconds = "uptime_seconds" }
    struct EmbedderInfo: Encodable {
        var model: String
        var dimensions: Int
        var semantic: Bool
    }
    /// A purpose and the models it would try; `offline` when only an app's rule-based model serves it.
    struct LanguageModelRoute: Encodable {
        var purpose: String
        var offline: Bool
        var targets: [String]
    }
    struct ProviderHealth: Encodable {
        enum CodingKeys: String, CodingKey { case target, circuit, successRate = "success_rate", averageLatencyMs = "average_latency_ms", lastError = "last_error" }
        var target: String
        var circuit: String
        var successRate: Double
        var averageLatencyMs: Int
        var lastError: String?
    }
    var status: String
    var database: String
    var embedder: EmbedderInfo
    var languageModels: [LanguageModelRoute]
    var providers: [ProviderHealth]
    var apps: [String]
    var environment: String
    var uptimeSeconds: Int
}
