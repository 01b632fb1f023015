import AIProviders
import AppPlatform
import Auth
import Foundation
import Hummingbird
import Jobs
import Logging
import MediaStorage
import Notifications
import Persistence
import PlatformCore
import VibeKeeperAPI

/// VibeKeeper's settings (`VIBEKEEPER_…`). None yet: the app runs on the platform's settings alone.
public struct VibeKeeperConfiguration: Sendable {
    public init() {}
}
