/// Where a group of an app's routes lives and whether they need a bearer token: `/<app>` + a path
/// (`/<app>/api/v1`, `/<app>/v1`). An app declares its roots in its contract module
/// (``APIRoot/api(_:_:)`` for the authenticated API, ``APIRoot/open(_:_:)`` for routes without a
/// token such as webhooks and public pages); the server mounts one group per root.
public struct APIRoot: Hashable, Sendable, CustomStringConvertible {
    /// The app whose prefix the root sits under.
    public let app: AppID
    /// The path under the app's prefix: empty or starting with `/`, without a trailing `/`.
    public let path: String
    /// Whether routes under this root need the platform's bearer token.
    public let authenticated: Bool

    public init(app: AppID, path: String, authenticated: Bool) {
        precondition(path.isEmpty || (path.hasPrefix("/") && !path.hasSuffix("/")), "a root path is empty or /segment(s), got \(path)")
        self.app = app
        self.path = path
        self.authenticated = authenticated
    }

    /// Where an app's authenticated API lives unless it declares another root (docs/platform/http.md, "API roots").
    public static let defaultPath = "/api/v1"

    /// An authenticated API root, ``defaultPath`` unless the app declares another (`/v1`).
    public static func api(_ app: AppID, _ path: String = defaultPath) -> APIRoot { APIRoot(app: app, path: path, authenticated: true) }
    /// Routes without a bearer token under `/<app>` + `path` (webhooks with their own signatures, public pages).
    public static func open(_ app: AppID, _ path: String = "") -> APIRoot { APIRoot(app: app, path: path, authenticated: false) }

    /// The root's path from the server root: `/<app>/api/v1`.
    public var prefix: String { app.pathPrefix + path }
    public var description: String { prefix }
}
