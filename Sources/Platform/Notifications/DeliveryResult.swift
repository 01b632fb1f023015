import Auth
import Foundation
import PlatformCore

/// What happened to a notification.
public enum DeliveryResult: Sendable, Equatable {
    /// Sent: `channel` is `apns` or `outbox`; `devices` is how many devices accepted it.
    case delivered(channel: String, devices: Int)
    /// Already delivered (or being delivered) under this idempotency key; nothing sent again.
    case alreadyDelivered
    /// The user turned notifications off.
    case disabled
    /// Inside quiet hours: try again at this instant.
    case deferred(until: Date)
    /// A notification with the same dedupe key went out within the window.
    case deduplicated
    /// The user's daily cap is used up.
    case capped
    /// Nowhere to send it: APNs is configured but the user has no device.
    case noDevices
    /// Every device refused it or the push service failed.
    case failed(String)

    public var wasDelivered: Bool {
        if case .delivered = self { return true }
        return false
    }
}
