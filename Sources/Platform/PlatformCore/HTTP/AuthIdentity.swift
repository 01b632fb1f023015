import Foundation
import Hummingbird
import NIOCore

/// Who made an authenticated request: the user, the app their account belongs to, the sign-in
/// session (refresh-token family) the access token came from, and how fresh it is.
public struct AuthIdentity: Sendable, Equatable {
    public let userID: UserID
    public let app: AppID
    public let sessionID: UUID
    /// When the access token was minted (`iat`); a refresh mints a new one.
    public let issuedAt: Date?
    /// When the user signed in to start this session (`auth_time`); a refresh keeps it. What
    /// "recently signed in" is judged by (account deletion).
    public let signedInAt: Date?

    public init(userID: UserID, app: AppID, sessionID: UUID, issuedAt: Date? = nil, signedInAt: Date? = nil) {
        self.userID = userID
        self.app = app
        self.sessionID = sessionID
        self.issuedAt = issuedAt
        self.signedInAt = signedInAt
    }
}
