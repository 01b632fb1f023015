import Foundation

/// Everything DealScore looks at for one fare, as plain values (the server gathers them from the price
/// history, its search and watchlist counters and the offer). Amounts are in any one unit — minor units
/// of the fare's currency, say — as long as `price`, `baseline` and `history` share it. Unusable values
/// (NaN, infinite, zero or negative amounts, negative counts) are tolerated: they count as missing.
public struct DealScoreInput: Sendable, Equatable {
    /// The fare being scored.
    public var price: Double
    /// The route's usual price (from its history; the offline model's fare when history is thin).
    /// When unusable, the median of `history` stands in.
    public var baseline: Double
    /// Prices observed on the route (any order).
    public var history: [Double]
    /// Searches of the route in the server's popularity window.
    public var searches: Int
    /// Watchlists on the route.
    public var watchers: Int
    /// Whole days from today to departure (negative: already departed).
    public var daysToDeparture: Int
    /// The operating (validating) airline's IATA code.
    public var airline: String

    public init(price: Double, baseline: Double, history: [Double], searches: Int, watchers: Int, daysToDeparture: Int, airline: String) {
        self.price = price
        self.baseline = baseline
        self.history = history
        self.searches = searches
        self.watchers = watchers
        self.daysToDeparture = daysToDeparture
        self.airline = airline
    }
}
