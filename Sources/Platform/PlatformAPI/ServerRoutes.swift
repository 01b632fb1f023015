/// The server's own routes, outside every app's prefix: health, metrics and the universal-link
/// association file.
public enum ServerRoutes {
    /// `GET /health`: liveness and the database's readiness.
    public static let health = Endpoint(.get, "/health")
    /// `GET /metrics`: Prometheus metrics (a bearer token outside development).
    public static let metrics = Endpoint(.get, "/metrics")
    /// The Apple app-site-association file, where iOS looks for it first and second.
    public static let appSiteAssociation = [Endpoint(.get, "/.well-known/apple-app-site-association"), Endpoint(.get, "/apple-app-site-association")]
}
