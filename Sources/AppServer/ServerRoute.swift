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

/// One registered route: its method and path template (`/<app>/api/v1/things/{id}`).
public struct ServerRoute: Sendable, Hashable, CustomStringConvertible {
    public let method: String
    public let path: String
    public var description: String { "\(method) \(path)" }
}
