import Crypto
import Foundation
import JWTKit
import PlatformCore

/// How long an app's tokens live. Apps differ: a travel app signs in once a week, a journal keeps
/// its users signed in for a month; each app may set its own (`<APP>_ACCESS_TOKEN_TTL_SECONDS`).
public struct TokenLifetimes: Sendable, Equatable {
    /// Seconds an access token is accepted.
    public var access: TimeInterval
    /// Seconds a refresh token can be exchanged.
    public var refresh: TimeInterval

    public init(access: TimeInterval, refresh: TimeInterval) {
        self.access = access
        self.refresh = refresh
    }
}
