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

/// One line of a score's explanation: which factor gave how many of its points, so the app can say
/// *why* a fare is a deal ("32 % under this route's usual price").
public struct DealScoreFactor: Codable, Sendable, Equatable {
    /// The factors DealScore weighs (``DealScorer`` documents each one's points).
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case discount, percentile, popularity, timing, reliability
    }

    enum CodingKeys: String, CodingKey { case factor, points, maxPoints = "max_points", detail }
    public var factor: Kind
    /// What this factor contributed, rounded to a tenth of a point.
    public var points: Double
    /// The most this factor can contribute (its weight).
    public var maxPoints: Double
    /// A short human reading of the input behind the points.
    public var detail: String

    public init(factor: Kind, points: Double, maxPoints: Double, detail: String) {
        self.factor = factor
        self.points = points
        self.maxPoints = maxPoints
        self.detail = detail
    }
}

/// A fare's DealScore: how good a deal it is, 0–100 (the seed's 0–100 scale; its 0.0–1.0 variant is
/// not used), computed on the server only so it cannot be gamed, with the factors behind it.
public struct DealScore: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case score, tier, percentile, confidence, explanation }
    /// 0–100, the rounded sum of the explanation's points.
    public var score: Int
    public var tier: DealTier
    /// Where the price falls among the route's observed prices, 0–100 (0: cheaper than all of them,
    /// 50: the median); nil when the route has no usable history or the price is unusable.
    public var percentile: Double?
    /// 0…1: how much history stands behind the score (``DealScorer/fullConfidenceObservations``
    /// observed prices or more is 1).
    public var confidence: Double
    /// Every factor with its contribution, in ``DealScoreFactor/Kind`` order.
    public var explanation: [DealScoreFactor]

    public init(score: Int, tier: DealTier, percentile: Double?, confidence: Double, explanation: [DealScoreFactor]) {
        self.score = score
        self.tier = tier
        self.percentile = percentile
        self.confidence = confidence
        self.explanation = explanation
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(score, forKey: .score)
        try container.encode(tier, forKey: .tier)
        try container.encode(percentile, forKey: .percentile)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(explanation, forKey: .explanation)
    }
}

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
