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

/// The assembled server: the Hummingbird application plus handles on its parts, so tests can look
/// behind the API (e.g. count rows after an account deletion).
public struct ServerComponents: Sendable {
    public let application: Application<RouterResponder<AppRequestContext>>
    public let database: any Database
    public let auth: AuthService
    public let metrics: MetricsRegistry
    public let embedder: any Embedder
    public let backfill: VectorBackfillService
    public let router: ModelRouter
    public let usage: SQLUsageRecorder
    public let scheduler: JobScheduler
    public let notifications: NotificationEngine
    /// The hosted app modules, in mount order.
    public let apps: [any AppModule]
    /// Every route the router registered, as `METHOD /path` with `{name}` parameters (tests compare
    /// them with the apps' OpenAPI documents).
    public let routes: [ServerRoute]

    /// The hosted module of type `M`, if this server hosts it.
    public func app<M: AppModule>(_ type: M.Type) -> M? {
        apps.lazy.compactMap { $0 as? M }.first
    }
}
