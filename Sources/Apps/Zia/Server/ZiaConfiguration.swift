import AIProviders
import AppPlatform
import Auth
import Foundation
import Jobs
import Logging
import Notifications
import Observability
import Persistence
import PlatformCore
import ZiaAPI
import ZiaAssistant

/// Zia's settings (`ZIA_…`).
public struct ZiaConfiguration: Sendable {
    /// The assistant's limits (`ZIA_ASSIST_…`).
    public var assist = AssistSettings()

    public init() {}

    public init(settings: Settings) throws {
        assist = try AssistSettings(settings: settings)
    }
}
