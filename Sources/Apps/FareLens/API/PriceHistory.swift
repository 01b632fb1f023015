import Foundation
import PlatformAPI

/// The answer of `GET /routes/{route}/price-history`: the days with observations, in date order, in
/// one currency (fares observed in other currencies are left out, never converted).
public struct PriceHistory: Codable, Sendable, Equatable {
    public var data: [DailyPriceSummary]
    public var currency: String

    public init(data: [DailyPriceSummary], currency: String) {
        self.data = data
        self.currency = currency
    }
}
