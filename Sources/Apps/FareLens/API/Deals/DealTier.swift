import Foundation

/// Where a deal stands: exceptional deals lead the feed (and are what the next issue pushes), good
/// deals fill it, and anything under 60 is never shown. `deal_tier` on the wire.
public enum DealTier: String, Codable, Sendable, CaseIterable {
    case exceptional, good, none

    /// The lowest score of an exceptional deal.
    public static let exceptionalThreshold = 80
    /// The lowest score shown in the feed at all (a good deal).
    public static let goodThreshold = 60

    /// The tier of a 0–100 score: ≥ 80 exceptional, 60–79 good, below 60 none.
    public init(score: Int) {
        self = score >= Self.exceptionalThreshold ? .exceptional : score >= Self.goodThreshold ? .good : .none
    }

    /// Whether deals of this tier are listed in the feed.
    public var isListed: Bool { self != .none }
}
