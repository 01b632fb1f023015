import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// `/zia/v1` without a bearer token: the public health check and the Apple sign-in (docs/zia.md, "API").
    public static let openRoot = APIRoot.open(.zia, "/v1")

    /// Public: whether Zia and its database answer (no token).
    public static let health = Route<NoParameter, NoBody, ZiaHealth>(.get, openRoot, "/health")
    /// The Apple sign-in of docs/zia.md ("API"): the platform's (`/zia/auth/apple`, same limiter), answering its
    /// token pair plus `jwt` (the access token).
    public static let appleSignIn = Route<NoParameter, AuthRequests.IDToken, ZiaAppleSession>(.post, openRoot, "/auth/apple")
    /// Admins only: the database and every model target with its circuit state and success rate.
    public static let adminHealth = Route<NoParameter, NoBody, AdminHealth>(.get, root, "/admin/healthz")
    /// Admins only: Zia's experiments, their variants and sampling rates.
    public static let experiments = Route<NoParameter, NoBody, ExperimentList>(.get, root, "/admin/experiments")
    /// Admins only: Zia's model spend per UTC day (`?days=1…90`, default 14), zero-filled.
    public static let costs = Route<NoParameter, NoBody, CostReport>.Querying<CostQuery>(.get, root, "/admin/costs")

    /// The admin routes, for ``all``.
    public static let adminRoutes: [RouteShape] = [health.shape, appleSignIn.shape, adminHealth.shape, experiments.shape, costs.shape]
}
