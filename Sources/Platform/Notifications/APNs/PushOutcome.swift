import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import PlatformCore

/// What the push service said about one device.
public enum PushOutcome: Sendable, Equatable {
    case accepted(apnsID: String?)
    /// The token is no longer valid for this app (410 Unregistered, 400 BadDeviceToken or
    /// DeviceTokenNotForTopic): forget it.
    case invalidToken(reason: String)
    /// Refused for another reason (payload too large, bad topic…); retrying will not help.
    case rejected(status: Int, reason: String)
    /// Throttled or failing after the client's retries; may succeed later.
    case failed(String)
}
