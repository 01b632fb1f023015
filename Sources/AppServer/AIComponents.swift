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

/// What the AI step builds: vectors, the embedder, the model router and its usage recorder.
struct AIComponents {
    let vectors: any VectorIndex
    let embedder: any Embedder
    let modelRouter: ModelRouter
    let usage: SQLUsageRecorder
}
