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

/// Closes a database when the server shuts down.
struct ClosingService: Service {
    let database: any Database

    func run() async throws {
        try? await gracefulShutdown()
        await database.close()
    }
}
