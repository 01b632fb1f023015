import Foundation
import PlatformAPI

/// One departure date of a route's price history: the lowest, median and highest observed fare per
/// adult (minor units) and how many fares were observed. The median of an even count is the mean of
/// the two middle fares, half a minor unit rounded up.
public struct DailyPriceSummary: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case date, minCents = "min_cents", medianCents = "median_cents", maxCents = "max_cents", count }
    public var date: LocalDate
    public var minCents: Int
    public var medianCents: Int
    public var maxCents: Int
    public var count: Int

    public init(date: LocalDate, minCents: Int, medianCents: Int, maxCents: Int, count: Int) {
        self.date = date
        self.minCents = minCents
        self.medianCents = medianCents
        self.maxCents = maxCents
        self.count = count
    }
}
