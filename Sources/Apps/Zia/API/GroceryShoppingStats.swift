import Foundation
import PlatformAPI

/// `GET /grocery-sessions/stats/summary`: the user's trips counted.
public struct GroceryShoppingStats: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case sessionsTotal = "sessions_total", sessionsCompleted = "sessions_completed", sessionsAbandoned = "sessions_abandoned"
        case itemsPurchased = "items_purchased", itemsSkipped = "items_skipped", completionRate = "completion_rate", aisleOrder = "aisle_order"
    }
    public var sessionsTotal: Int
    public var sessionsCompleted: Int
    public var sessionsAbandoned: Int
    /// Checked, not skipped items of completed sessions.
    public var itemsPurchased: Int
    /// Skipped items of completed sessions.
    public var itemsSkipped: Int
    /// Completed ÷ closed (completed or abandoned) sessions; 0 when none is closed.
    public var completionRate: Double
    public var aisleOrder: [GroceryAisle]

    public init(
        sessionsTotal: Int, sessionsCompleted: Int, sessionsAbandoned: Int, itemsPurchased: Int, itemsSkipped: Int, completionRate: Double, aisleOrder: [GroceryAisle]
    ) {
        self.sessionsTotal = sessionsTotal
        self.sessionsCompleted = sessionsCompleted
        self.sessionsAbandoned = sessionsAbandoned
        self.itemsPurchased = itemsPurchased
        self.itemsSkipped = itemsSkipped
        self.completionRate = completionRate
        self.aisleOrder = aisleOrder
    }
}
