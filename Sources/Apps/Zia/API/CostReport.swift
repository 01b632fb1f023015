import Foundation
import PlatformAPI

/// `GET /admin/costs`'s answer: every UTC day of the window, oldest first, days without calls as zeros.
public struct CostReport: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case days, totalCostUSD = "total_cost_usd", daily }
    public var days: Int
    public var totalCostUSD: Double
    public var daily: [DailyCost]
    public init(days: Int, daily: [DailyCost]) {
        self.days = days
        self.daily = daily
        self.totalCostUSD = daily.reduce(0) { $0 + $1.costUSD }
    }

    /// The window's bounds and default (`?days=`).
    public static let dayRange = 1...90
    public static let defaultDays = 14
}
