import PlatformAPI

extension AppID {
    /// Knot: the partner vault, hints and three-card recommendations.
    public static let knot = AppID("knot")
}
