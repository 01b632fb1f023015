import Foundation
import PlatformAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a signed-in client keeps between launches: the tokens, when the access token expires, and
/// (for the CLI) which server and account they belong to.
public struct StoredSession: Codable, Sendable, Equatable {
    public var serverUrl: String?
    public var email: String?
    public var userId: String
    public var accessToken: String
    public var refreshToken: String
    public var accessTokenExpiresAt: Date

    public init(serverUrl: String? = nil, email: String? = nil, userId: String, accessToken: String, refreshToken: String, accessTokenExpiresAt: Date) {
        self.serverUrl = serverUrl
        self.email = email
        self.userId = userId
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
    }
}
