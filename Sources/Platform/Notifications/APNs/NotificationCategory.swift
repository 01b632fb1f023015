import Foundation
import PlatformCore

/// The notification categories the apps register on the device, with their action buttons. The
/// server only sends the identifier; the client SDK registers the actions.
public struct NotificationCategory: Sendable, Equatable {
    public var identifier: String
    public var actions: [String]

    public init(identifier: String, actions: [String]) {
        self.identifier = identifier
        self.actions = actions
    }
}
