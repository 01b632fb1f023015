/// The tokens every sign-in and refresh (`POST /<app>/auth/…`) returns: a short-lived access token
/// and the rotating refresh token that renews it. Declared once so the server's answer and the
/// SDKs' sessions cannot disagree about a key.
public struct TokenPair: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case accessToken = "access_token", refreshToken = "refresh_token", tokenType = "token_type", expiresIn = "expires_in", userId = "user_id" }
    public var accessToken: String
    public var refreshToken: String
    /// ``bearer`` on every route that issues a pair. RFC 6749 §5.1 makes the value case-insensitive,
    /// and the SDKs accept any spelling (older servers said `bearer` on password sign-in).
    public var tokenType: String
    /// Seconds until the access token expires.
    public var expiresIn: Int
    public var userId: String

    /// The one spelling of `token_type` the server answers: RFC 6750's `Bearer`.
    public static let bearer = "Bearer"

    public init(accessToken: String, refreshToken: String, tokenType: String = TokenPair.bearer, expiresIn: Int, userId: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.userId = userId
    }
}
