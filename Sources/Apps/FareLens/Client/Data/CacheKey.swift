import Foundation

/// The seed's cache keys and ages.
public enum CacheKey {
    public static let deals = "deals"
    /// The seed's 5-minute TTL for deals and search results.
    public static let dealsMaxAge: TimeInterval = 300
    /// "Destination Search: 1-hour TTL (airports don't change)".
    public static let airportsMaxAge: TimeInterval = 3600
}
