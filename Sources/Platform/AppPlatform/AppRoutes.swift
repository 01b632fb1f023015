import AIProviders
import Auth
import Foundation
import Hummingbird
import Jobs
import Logging
import MediaStorage
import Notifications
import Observability
import Persistence
import PlatformCore
import Synchronization

/// The route groups an app adds its routes to: one per root its contract declares (``APIRoot``),
/// made on first use. An authenticated root's group checks the platform's bearer token and
/// replays `Idempotency-Key` POSTs; an open root's has neither (webhooks check their own signatures).
public final class AppRoutes {
    /// `/<app>`, unauthenticated.
    public let prefix: RouterGroup<AppRequestContext>
    private let app: AppID
    private let authenticate: (RouterGroup<AppRequestContext>) -> RouterGroup<AuthenticatedContext>
    private var authenticated: [String: RouterGroup<AuthenticatedContext>] = [:]

    /// - Parameters:
    ///   - authenticate: adds the platform's authentication (and what follows it) to a group.
    public init(app: AppID, prefix: RouterGroup<AppRequestContext>, authenticate: @escaping (RouterGroup<AppRequestContext>) -> RouterGroup<AuthenticatedContext>) {
        self.app = app
        self.prefix = prefix
        self.authenticate = authenticate
    }

    /// The group of an authenticated root (`/<app>/api/v1`), behind the platform's bearer authentication.
    public func api(_ root: APIRoot) -> RouterGroup<AuthenticatedContext> {
        precondition(root.app == app && root.authenticated, "\(root) is not an authenticated root of \(app)")
        if let group = authenticated[root.path] { return group }
        // Always a group of its own: middleware added to a group is shared by everything registered on
        // it, so authenticating `prefix` itself would put the app's open routes behind the token too.
        let group = authenticate(prefix.group(RouterPath(String(root.path.dropFirst()))))
        authenticated[root.path] = group
        return group
    }

    /// The group of an open root (`/<app>` + path), without authentication.
    public func open(_ root: APIRoot) -> RouterGroup<AppRequestContext> {
        precondition(root.app == app && !root.authenticated, "\(root) is not an open root of \(app)")
        return root.path.isEmpty ? prefix : prefix.group(RouterPath(String(root.path.dropFirst())))
    }
}
