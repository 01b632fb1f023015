import Foundation
import PlatformAPI

/// One of the caller's saved deals: the deal as it was when saved (kept after the deal expires).
public struct SavedDeal: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", savedAt = "saved_at", deal }
    public var dealID: DealID
    public var savedAt: Date
    /// The snapshot taken when saved (`queue_score` null).
    public var deal: Deal

    public init(dealID: DealID, savedAt: Date, deal: Deal) {
        self.dealID = dealID
        self.savedAt = savedAt
        self.deal = deal
    }
}
