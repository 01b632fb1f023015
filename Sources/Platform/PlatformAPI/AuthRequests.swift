/// The bodies of the auth routes, as clients send them. Fields are optional so the server can
/// answer a missing one with a 422 naming it rather than a decoding error.
public enum AuthRequests {
    /// `POST /<app>/auth/apple` and `/google`: the provider's ID token and the raw nonce it was made with.
    public struct IDToken: Codable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case idToken = "id_token", nonce }
        public var idToken: String?
        public var nonce: String?

        public init(idToken: String?, nonce: String? = nil) {
            self.idToken = idToken
            self.nonce = nonce
        }
    }

    /// `POST /<app>/auth/refresh`: the refresh token to spend.
    public struct Refresh: Codable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case refreshToken = "refresh_token" }
        public var refreshToken: String?

        public init(refreshToken: String?) { self.refreshToken = refreshToken }
    }

    /// `POST /<app>/auth/dev` (development servers only): the account to sign in as.
    public struct DevSignIn: Codable, Sendable, Equatable {
        public var email: String?

        public init(email: String?) { self.email = email }
    }
}
