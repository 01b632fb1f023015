/// The routes every app shares, under its own prefix: sign-in and tokens (`/<app>/auth/…`) and the
/// account under the app's main authenticated root (`/<app>/api/v1/users/…` unless the app
/// declares another root). The platform's controllers register through these and ClientCore
/// sends through them.
public struct PlatformRoutes: Sendable, Hashable {
    public let app: AppID
    /// The app's main authenticated root, where the account routes live.
    public let root: APIRoot

    public init(root: APIRoot) {
        self.app = root.app
        self.root = root
    }

    /// The routes of an app whose API lives at `/<app>/api/v1`.
    public init(app: AppID) { self.init(root: .api(app)) }

    /// `/<app>/api/v1`: where the app's authenticated API lives.
    public var apiRoot: String { root.prefix }
    /// `/<app>/auth`: sign-in without a token.
    public var authRoot: APIRoot { .open(app, "/auth") }
    /// `/<app>/auth` for sign-out, which needs the token it revokes.
    public var signedInAuthRoot: APIRoot { .api(app, "/auth") }
    /// `/<app>/api/v1/auth` (or the app's root + `/auth`): email + password accounts, without a token.
    public var passwordRoot: APIRoot { .open(app, root.path + "/auth") }

    // MARK: Auth (no bearer token but sign-out)

    /// `POST /<app>/auth/apple` or `/google`: a provider's ID token for a ``TokenPair``.
    public func signIn(provider: IdentityProviderName) -> Route<NoParameter, AuthRequests.IDToken, TokenPair> {
        Route(.post, authRoot, "/\(provider.rawValue)")
    }
    /// `POST /<app>/auth/dev`: development sign-in by email (development servers only).
    public var devSignIn: Route<NoParameter, AuthRequests.DevSignIn, TokenPair> { Route(.post, authRoot, "/dev") }
    /// `POST /<app>/auth/refresh`: spends a refresh token for a new pair.
    public var refresh: Route<NoParameter, AuthRequests.Refresh, TokenPair> { Route(.post, authRoot, "/refresh") }
    /// `POST /<app>/auth/sign-out`: revokes the session of the bearer token.
    public var signOut: Route<NoParameter, NoBody, NoContent> { Route(.post, signedInAuthRoot, "/sign-out") }
    /// `POST …/auth/register`: a new email + password account (apps that offer them).
    public var passwordRegister: Route<NoParameter, PasswordRegistration, PasswordAccount> { Route(.post, passwordRoot, "/register", status: 201) }
    /// `POST …/auth/login`: email + password for a ``TokenPair``.
    public var passwordLogin: Route<NoParameter, PasswordSignIn, TokenPair> { Route(.post, passwordRoot, "/login") }
    /// `POST …/auth/refresh`: the password accounts' spelling of ``refresh``.
    public var passwordRefresh: Route<NoParameter, AuthRequests.Refresh, TokenPair> { Route(.post, passwordRoot, "/refresh") }

    // MARK: Account

    /// `POST …/users/device-token`: registers a push token.
    public var registerDevice: Route<NoParameter, DeviceRegistrationRequest, DeviceRegistration> { Route(.post, root, "/users/device-token") }
    /// `GET …/users/me/notification-preferences`.
    public var notificationPreferences: Route<NoParameter, NoBody, NotificationPreferences> { Route(.get, root, "/users/me/notification-preferences") }
    /// `PUT …/users/me/notification-preferences`: changes the preferences given.
    public var updateNotificationPreferences: Route<NoParameter, NotificationPreferencesUpdate, NotificationPreferences> {
        Route(.put, root, "/users/me/notification-preferences")
    }
    /// `GET …/users/me/export`: everything kept about the user, as a JSON attachment.
    public var export: Route<NoParameter, NoBody, RawBody> { Route(.get, root, "/users/me/export") }
    /// `GET …/users/me/outbox`: the notifications recorded for the user (a development aid).
    public var outbox: Route<NoParameter, NoBody, RawBody>.Querying<OutboxQuery> { .init(.get, root, "/users/me/outbox") }
    /// `DELETE …/users/me`: deletes the account and all its data.
    public var deleteAccount: Route<NoParameter, AccountDeletionRequest, AccountDeletion> { Route(.delete, root, "/users/me") }

    /// `GET /<app>/openapi.json`: the app's OpenAPI document, without a token.
    public var openAPIDocument: Route<NoParameter, NoBody, RawBody> { Route(.get, .open(app), "/openapi.json") }

    /// Every platform route an app hosts (with password accounts when it offers them), for the
    /// route-table check.
    public func all(passwordAccounts: Bool) -> [RouteShape] {
        var routes = [
            signIn(provider: .apple).shape, signIn(provider: .google).shape, devSignIn.shape, refresh.shape, signOut.shape, registerDevice.shape,
            notificationPreferences.shape, updateNotificationPreferences.shape, export.shape, outbox.shape, deleteAccount.shape, openAPIDocument.shape,
        ]
        if passwordAccounts { routes += [passwordRegister.shape, passwordLogin.shape, passwordRefresh.shape] }
        return routes
    }
}
