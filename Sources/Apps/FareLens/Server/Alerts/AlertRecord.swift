import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// One alert decided for a user, as `farelens_alerts` keeps it.
struct AlertRecord: Sendable, Equatable {
    var entry: AlertHistoryEntry
    var userID: UserID
    /// What the notification engine did when the alert was offered to it (`delivered_outbox`,
    /// `delivered_apns`, `no_devices`, `disabled`, `failed`…); nil when it was not offered.
    var delivery: String?
}
