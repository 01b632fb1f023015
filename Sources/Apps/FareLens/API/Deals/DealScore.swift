import Foundation

/// A fare's DealScore: how good a deal it is, 0–100 (docs/farelens.md,
/// "DealScore"), computed on the server only so it cannot be gamed, with the factors behind it.
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
