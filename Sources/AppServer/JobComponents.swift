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

/// What the jobs and notifications step builds.
struct JobComponents {
    let jobQueue: JobQueue
    /// Opened once migrations have run: nothing in the background queries before.
    let migrated: ReadinessGate
    let scheduler: JobScheduler
    /// This instance's heartbeat; its id owns the scheduler's leases and the idempotency claims.
    let presence: InstancePresenceService
    let notificationEngine: NotificationEngine
    let qstash: QStashVerifier?
}
