import Foundation
import PlatformAPI

/// The route's observed prices over a recent window (the detail page's price history summary).
public struct RoutePriceSummary: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case days, count, minCents = "min_cents", medianCents = "median_cents", maxCents = "max_cents", currency }
    /// The window, in days before now.
    public var days: Int
    /// Prices observed in the window.
    public var count: Int
    public var minCents: Int
    public var medianCents: Int
    public var maxCents: Int
    public var currency: String

    public init(days: Int, count: Int, minCents: Int, medianCents: Int, maxCents: Int, currency: String) {
        self.days = days
        self.count = count
        self.minCents = minCents
        self.medianCents = medianCents
        self.maxCents = maxCents
        self.currency = currency
    }
}
