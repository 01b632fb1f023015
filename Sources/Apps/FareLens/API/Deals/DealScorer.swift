import Foundation

/// Computes ``DealScore`` (issue 35's rule-based DealScore; docs/farelens.md, "DealScore"): five factors,
/// each worth at most its weight, summed to 0–100. Deterministic and pure; unusable inputs count as
/// missing and never yield NaN or a score outside 0–100.
///
/// Weights (points) and how each factor earns them:
/// - **discount, 40**: how far the price is under the route's baseline, full points at 40 % under
///   (linear; none at or above the baseline), times `0.5 + 0.5 × confidence` — a discount against a
///   baseline with little history behind it earns at most half.
/// - **percentile, 20**: `20 × (1 − percentile/100)` where the percentile is the price's mid-rank among
///   the route's history (cheaper than all: 0, the median: 50), blended towards the neutral 10 points as
///   confidence falls (`confidence × share + (1 − confidence) × 0.5`); no history gives the neutral 10.
/// - **popularity, 15**: `log(1 + searches + 10 × watchers) / log(1 + 1,000)`, capped at 1: a route with
///   1,000 searches in the window, or 100 watchers, is fully popular.
/// - **timing, 15**: days to departure, full points 3–8 weeks out (21–56 days, the cheapest window),
///   linear from 20 % on the day to 40 % at a week and 100 % at three weeks, then down to 60 % at 120 days
///   and 30 % at 330 (the furthest bookable) and beyond; 0 once departed.
/// - **reliability, 10**: the airline's on-time share from ``AirlineReliability``, 0 points at 60 % or
///   less, full at 90 % or more, linear between (unknown airlines get the table's neutral value).
///
/// With these, a fare 30 % under a solid baseline (30+ observations), on a popular route, 3–8 weeks out, on
/// an airline on time 85 % of the time scores about 88 (exceptional: 30 + 20 + 15 + 15 + 8); a fare at the route's median earns
/// nothing for discount and 10 for percentile, so it stays at or under 50 however popular and timely it is.
public enum DealScorer {
    /// The most points of each factor; they add up to 100.
    public static let weights: [DealScoreFactor.Kind: Double] = [.discount: 40, .percentile: 20, .popularity: 15, .timing: 15, .reliability: 10]
    /// The discount (fraction under the baseline) that earns every discount point.
    public static let fullDiscount = 0.40
    /// Observed prices for full confidence.
    public static let fullConfidenceObservations = 30
    /// Weighted interest (searches + 10 × watchers) of a fully popular route.
    public static let fullPopularity = 1000.0
    /// What one watcher counts for, in searches.
    public static let watcherWeight = 10.0
    /// The timing curve: (days to departure, share of the timing points), linear between, flat after the last.
    public static let timingCurve: [(days: Double, share: Double)] = [(0, 0.2), (7, 0.4), (21, 1), (56, 1), (120, 0.6), (330, 0.3)]
    /// On-time shares mapped to no and to full reliability points.
    public static let reliabilityRange = (none: 0.60, full: 0.90)

    /// The score of `input`.
    public static func score(_ input: DealScoreInput) -> DealScore {
        let history = input.history.filter(isUsableAmount)
        let price = isUsableAmount(input.price) ? input.price : nil
        let baseline = isUsableAmount(input.baseline) ? input.baseline : median(history)
        let confidence = min(1, Double(history.count) / Double(fullConfidenceObservations))
        let percentile = price.flatMap { midRankPercentile($0, in: history) }

        let factors = [
            discount(price: price, baseline: baseline, confidence: confidence),
            percentileFactor(percentile, priced: price != nil, confidence: confidence, observations: history.count),
            popularity(searches: input.searches, watchers: input.watchers),
            timing(days: input.daysToDeparture),
            reliability(airline: input.airline),
        ]
        let total = factors.reduce(0) { $0 + $1.points }
        let score = Int(clamp(total, 0, 100).rounded())
        let explanation = factors.map { DealScoreFactor(factor: $0.factor, points: ($0.points * 10).rounded() / 10, maxPoints: $0.maxPoints, detail: $0.detail) }
        return DealScore(score: score, tier: DealTier(score: score), percentile: percentile, confidence: confidence, explanation: explanation)
    }

    // MARK: Factors (unrounded points)

    static func discount(price: Double?, baseline: Double?, confidence: Double) -> DealScoreFactor {
        let weight = weights[.discount]!
        guard let price, let baseline else {
            return DealScoreFactor(factor: .discount, points: 0, maxPoints: weight, detail: price == nil ? "no usable price" : "no baseline for this route yet")
        }
        let under = clamp((baseline - price) / baseline, 0, 1)
        let points = weight * min(under / fullDiscount, 1) * (0.5 + 0.5 * confidence)
        let detail = under > 0 ? "\(percentText(under)) under this route's usual price" : "not under this route's usual price"
        return DealScoreFactor(factor: .discount, points: points, maxPoints: weight, detail: detail)
    }

    static func percentileFactor(_ percentile: Double?, priced: Bool, confidence: Double, observations: Int) -> DealScoreFactor {
        let weight = weights[.percentile]!
        guard priced else { return DealScoreFactor(factor: .percentile, points: 0, maxPoints: weight, detail: "no usable price") }
        guard let percentile else { return DealScoreFactor(factor: .percentile, points: weight * 0.5, maxPoints: weight, detail: "no price history yet (neutral)") }
        let share = confidence * (1 - percentile / 100) + (1 - confidence) * 0.5
        let detail = "cheaper than \(Int((100 - percentile).rounded())) % of \(observations) observed prices"
        return DealScoreFactor(factor: .percentile, points: weight * share, maxPoints: weight, detail: detail)
    }

    static func popularity(searches: Int, watchers: Int) -> DealScoreFactor {
        let weight = weights[.popularity]!
        let interest = Double(max(searches, 0)) + watcherWeight * Double(max(watchers, 0))
        let share = min(1, log1p(interest) / log1p(fullPopularity))
        let detail = "\(max(searches, 0)) searches, \(max(watchers, 0)) watchers"
        return DealScoreFactor(factor: .popularity, points: weight * share, maxPoints: weight, detail: detail)
    }

    static func timing(days: Int) -> DealScoreFactor {
        let weight = weights[.timing]!
        guard days >= 0 else { return DealScoreFactor(factor: .timing, points: 0, maxPoints: weight, detail: "already departed") }
        let share = interpolate(Double(days), timingCurve)
        let detail = days == 1 ? "departs in 1 day" : "departs in \(days) days"
        return DealScoreFactor(factor: .timing, points: weight * share, maxPoints: weight, detail: detail)
    }

    static func reliability(airline: String) -> DealScoreFactor {
        let weight = weights[.reliability]!
        let entry = AirlineReliability.entry(for: airline)
        let onTime = entry?.onTime ?? AirlineReliability.neutralOnTime
        let share = clamp((onTime - reliabilityRange.none) / (reliabilityRange.full - reliabilityRange.none), 0, 1)
        let detail = entry.map { "\($0.name): \(percentText(onTime)) on time (\($0.source))" } ?? "airline not in the table (neutral \(percentText(onTime)))"
        return DealScoreFactor(factor: .reliability, points: weight * share, maxPoints: weight, detail: detail)
    }

    // MARK: Helpers

    /// A positive, finite amount.
    static func isUsableAmount(_ value: Double) -> Bool { value.isFinite && value > 0 }

    /// `value` within `low...high`; NaN becomes `low`.
    static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        value.isNaN ? low : min(max(value, low), high)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The mid-rank percentile of `price` in `history` (share below plus half the share equal), 0–100.
    static func midRankPercentile(_ price: Double, in history: [Double]) -> Double? {
        guard !history.isEmpty else { return nil }
        var below = 0
        var equal = 0
        for observed in history {
            if observed < price { below += 1 } else if observed == price { equal += 1 }
        }
        return (Double(below) + Double(equal) / 2) / Double(history.count) * 100
    }

    /// Linear interpolation over `curve`'s points, flat beyond its ends.
    static func interpolate(_ x: Double, _ curve: [(days: Double, share: Double)]) -> Double {
        guard let first = curve.first, x > first.days else { return curve.first?.share ?? 0 }
        for (low, high) in zip(curve, curve.dropFirst()) where x <= high.days {
            return low.share + (high.share - low.share) * (x - low.days) / (high.days - low.days)
        }
        return curve.last!.share
    }

    static func percentText(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded())) %" }
}
