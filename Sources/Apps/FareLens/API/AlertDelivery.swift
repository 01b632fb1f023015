import Foundation
import PlatformAPI

/// What became of a `sent` alert's push: `status` is the decision to send, this is whether a device
/// got it — so a history row never claims a push that failed or had no device to go to.
public enum AlertDelivery: String, Codable, Sendable, CaseIterable {
    /// Handed to APNs (or the local outbox) for at least one device.
    case delivered
    /// The user has no registered device.
    case noDevices = "no_devices"
    /// The user turned notifications off (the platform's preference).
    case notificationsDisabled = "notifications_disabled"
    /// Every device's push failed.
    case failed

    /// The history row's stored outcome (`delivered_apns`, `already_delivered`, `no_devices`, …) as
    /// the API shows it; nil when the alert was not offered for delivery.
    public init?(stored: String?) {
        guard let stored else { return nil }
        switch stored {
        case "no_devices": self = .noDevices
        case "notifications_disabled": self = .notificationsDisabled
        case "failed": self = .failed
        case "already_delivered": self = .delivered
        default:
            guard stored.hasPrefix("delivered") else { return nil }
            self = .delivered
        }
    }
}
