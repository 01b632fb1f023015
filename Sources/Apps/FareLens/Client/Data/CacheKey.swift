import Foundation

/// The cache keys and ages (docs/farelens.md, "SDK and CLI").
public enum CacheKey {
    public static let deals = "deals"
    /// Deals and search results: 5 minutes.
    public static let dealsMaxAge: TimeInterval = 300
    /// Airport search: one hour (airports change only with a release).
    public static let airportsMaxAge: TimeInterval = 3600
}
