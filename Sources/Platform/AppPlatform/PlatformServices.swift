import AIProviders
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
import Synchronization

/// The platform's shared services, handed to every app module when the server is built.
public struct PlatformServices: Sendable {
    public let database: any Database
    public let vectors: any VectorIndex
    public let embedder: any Embedder
    public let models: ModelRouter
    public let accounts: AccountRepository
    public let notifications: NotificationEngine
    public let jobs: JobQueue
    public let clock: any TimeSource
    public let logger: Logger
    /// A server secret for signing things the server hands out (share links); stable across restarts.
    public let serverSecret: Data
    /// Verifies QStash deliveries to webhook routes; nil when no signing keys are configured.
    public let qstash: QStashVerifier?
    /// The URL QStash calls, checked against the token's subject when set.
    public let qstashDestinationURL: String?
    /// Where uploaded photos and recordings are kept (`MEDIA_DIR`, or an S3-compatible bucket).
    public let media: any MediaStore
    /// Speech to text (`TRANSCRIBER`); nil when none is configured.
    public let transcriber: (any Transcriber)?
    /// Describes photos (`VISION_MODEL`); nil when none is configured.
    public let vision: (any VisionModel)?
    /// The server's metrics (`/metrics`), for an app's own counters.
    public let metrics: MetricsRegistry
    /// Sign-in (Apple, Google, refresh), for an app that serves a sign-in path of its own too (docs/platform/auth.md).
    public let auth: AuthService?
    /// The limiter of the platform's sign-in routes (`AUTH_RATE_LIMIT_PER_MINUTE` per client address).
    public let authLimiter: RateLimiter?
    /// Who a request comes from (`TRUSTED_PROXIES`), for an app's own per-address limits.
    public let clientAddresses: ClientAddressResolver
    /// Builds an app's own limiters (``RateLimiters/limiter(_:_:capacity:per:)``): shared across instances
    /// on PostgreSQL, in process on SQLite.
    public let rateLimits: RateLimiters
    /// Who may use an app's admin routes (`ADMIN_ALLOWLIST_USER_IDS`); put ``AdminOnlyMiddleware`` on their group.
    public let admins: AdminAllowList
    /// A development server (`ENVIRONMENT=development`, the zero-config default): where an app may
    /// serve routes for trying it out (setting one's own tier), as the platform serves dev sign-in.
    public let isDevelopment: Bool

    public init(
        database: any Database, vectors: any VectorIndex, embedder: any Embedder, models: ModelRouter, accounts: AccountRepository, notifications: NotificationEngine,
        jobs: JobQueue, clock: any TimeSource, logger: Logger, serverSecret: Data, qstash: QStashVerifier?, qstashDestinationURL: String?,
        media: any MediaStore, transcriber: (any Transcriber)? = nil, vision: (any VisionModel)? = nil, metrics: MetricsRegistry = MetricsRegistry(),
        auth: AuthService? = nil, authLimiter: RateLimiter? = nil, clientAddresses: ClientAddressResolver = .direct, admins: AdminAllowList = AdminAllowList(),
        isDevelopment: Bool = false, rateLimitStore: (any SharedRateLimitStore)? = nil
    ) {
        self.rateLimits = RateLimiters(clock: clock, clients: clientAddresses, store: rateLimitStore)
        self.admins = admins
        self.isDevelopment = isDevelopment
        self.metrics = metrics
        self.auth = auth
        self.authLimiter = authLimiter
        self.clientAddresses = clientAddresses
        self.media = media
        self.transcriber = transcriber
        self.vision = vision
        self.database = database
        self.vectors = vectors
        self.embedder = embedder
        self.models = models
        self.accounts = accounts
        self.notifications = notifications
        self.jobs = jobs
        self.clock = clock
        self.logger = logger
        self.serverSecret = serverSecret
        self.qstash = qstash
        self.qstashDestinationURL = qstashDestinationURL
    }
}
