/// One route of the HTTP API as both sides name it: a method and a path from the server root
/// (`POST /<app>/auth/refresh`). SDKs send requests to endpoints and test fakes match requests
/// against them, so a path is spelled in exactly one place.
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
    /// The HTTP methods the APIs use.
    public enum Method: String, Sendable, Hashable {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"

        /// Whether sending the request twice has the effect of sending it once (safe to retry).
        public var isIdempotent: Bool { self != .post }
    }

    public var method: Method
    /// The path from the server root, starting with `/`, without a query.
    public var path: String

    public init(_ method: Method, _ path: String) {
        self.method = method
        self.path = path
    }

    /// `GET /<app>/api/v1/things`.
    public var description: String { "\(method.rawValue) \(path)" }
}

/// The routes every app shares, under its own prefix: sign-in and tokens (`/<app>/auth/…`) and the
/// account (`/<app>/api/v1/users/…`).
public struct PlatformRoutes: Sendable, Hashable {
    public let app: AppID

    public init(app: AppID) { self.app = app }

    /// `/<app>/api/v1`: where the app's authenticated API lives.
    public var apiRoot: String { app.pathPrefix + "/api/v1" }

    // MARK: Auth (no bearer token but sign-out)

    /// `POST /<app>/auth/apple` or `/google`: a provider's ID token for a ``TokenPair``.
    public func signIn(provider: String) -> Endpoint { Endpoint(.post, app.pathPrefix + "/auth/\(provider)") }
    /// `POST /<app>/auth/dev`: development sign-in by email (development servers only).
    public var devSignIn: Endpoint { Endpoint(.post, app.pathPrefix + "/auth/dev") }
    /// `POST /<app>/auth/refresh`: spends a refresh token for a new pair.
    public var refresh: Endpoint { Endpoint(.post, app.pathPrefix + "/auth/refresh") }
    /// `POST /<app>/auth/sign-out`: revokes the session of the bearer token.
    public var signOut: Endpoint { Endpoint(.post, app.pathPrefix + "/auth/sign-out") }
    /// `POST /<app>/api/v1/auth/register`: a new email + password account (apps that offer them).
    public var passwordRegister: Endpoint { Endpoint(.post, apiRoot + "/auth/register") }
    /// `POST /<app>/api/v1/auth/login`: email + password for a ``TokenPair``.
    public var passwordLogin: Endpoint { Endpoint(.post, apiRoot + "/auth/login") }

    // MARK: Account

    /// `POST …/users/device-token`: registers a push token.
    public var registerDevice: Endpoint { Endpoint(.post, apiRoot + "/users/device-token") }
    /// `GET …/users/me/notification-preferences`.
    public var notificationPreferences: Endpoint { Endpoint(.get, apiRoot + "/users/me/notification-preferences") }
    /// `PUT …/users/me/notification-preferences`: changes the preferences given.
    public var updateNotificationPreferences: Endpoint { Endpoint(.put, apiRoot + "/users/me/notification-preferences") }
    /// `GET …/users/me/export`: everything kept about the user, as a JSON attachment.
    public var export: Endpoint { Endpoint(.get, apiRoot + "/users/me/export") }
    /// `DELETE …/users/me`: deletes the account and all its data.
    public var deleteAccount: Endpoint { Endpoint(.delete, apiRoot + "/users/me") }

    /// Every platform endpoint an SDK calls, for checks that the server serves each one.
    public var all: [Endpoint] {
        [
            signIn(provider: "apple"), signIn(provider: "google"), devSignIn, refresh, signOut, registerDevice, notificationPreferences, updateNotificationPreferences, export,
            deleteAccount,
        ]
    }
}
