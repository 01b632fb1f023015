import Foundation
import PlatformAPI

/// A deal with its place in the user's queue.
public struct RankedDeal<Deal> {
    public var deal: Deal
    /// `deal_score × watchlist boost × airport weight`.
    public var queueScore: Double
}

extension RankedDeal: Sendable where Deal: Sendable {}

extension RankedDeal: Equatable where Deal: Equatable {}
