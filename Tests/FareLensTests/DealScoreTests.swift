import FareLensAPI
import Foundation
import Testing

/// DealScore (issue 35 "Deals"): the documented weights, tiers, and robustness to unusable inputs.
@Suite("DealScore")
struct DealScoreTests {
    /// 40 observed prices evenly from 420.00 to 580.00 (median 500.00), in cents.
    static let history = (0..<40).map { 42_000 + Double($0) * 16_000 / 39 }
    static let median = 50_000.0

    /// A popular route, departing in `days`, on `airline`, with the solid history above.
    static func input(price: Double, days: Int = 35, airline: String = "DL", history: [Double] = history, baseline: Double = median) -> DealScoreInput {
        DealScoreInput(price: price, baseline: baseline, history: history, searches: 1_500, watchers: 40, daysToDeparture: days, airline: airline)
    }

    @Test("the weights add up to 100 and the explanation lists every factor, within its weight, summing to the score")
    func weightsAndExplanation() {
        #expect(DealScorer.weights.values.reduce(0, +) == 100)
        let score = DealScorer.score(Self.input(price: 38_000))
        #expect(score.explanation.map(\.factor) == DealScoreFactor.Kind.allCases)
        for factor in score.explanation {
            #expect(factor.maxPoints == DealScorer.weights[factor.factor])
            #expect((0...factor.maxPoints).contains(factor.points), "\(factor)")
            #expect(!factor.detail.isEmpty)
        }
        let sum = score.explanation.reduce(0) { $0 + $1.points }
        #expect(abs(sum - Double(score.score)) <= 0.75)
    }

    @Test("30 % under a solid baseline, popular route, 3–8 weeks out, reliable airline: exceptional (≥ 80)")
    func thirtyPercentUnderIsExceptional() {
        for days in [21, 28, 42, 56] {
            for airline in ["DL", "QR", "JL", "CM", "IB"] {
                let score = DealScorer.score(Self.input(price: Self.median * 0.7, days: days, airline: airline))
                #expect(score.score >= 80, "\(days) days, \(airline): \(score)")
                #expect(score.tier == .exceptional)
                #expect(score.confidence == 1)
                #expect(score.percentile == 0)
            }
        }
    }

    @Test("a price at the route's median stays under 60 (never in the feed), however favourable the rest")
    func medianIsNotADeal() {
        for airline in ["DL", "CM", "HA"] {
            let history = Self.history + [Self.median]
            let score = DealScorer.score(
                DealScoreInput(price: Self.median, baseline: Self.median, history: history, searches: .max, watchers: .max, daysToDeparture: 40, airline: airline))
            #expect(score.score < 60, "\(score)")
            #expect(score.tier == .none && !score.tier.isListed)
            #expect(score.percentile == 50)
        }
    }

    @Test("tiers: ≥ 80 exceptional, 60–79 good, < 60 none")
    func tiers() {
        #expect(DealTier(score: 100) == .exceptional && DealTier(score: 80) == .exceptional)
        #expect(DealTier(score: 79) == .good && DealTier(score: 60) == .good)
        #expect(DealTier(score: 59) == .none && DealTier(score: 0) == .none)
        #expect(DealTier.allCases.filter(\.isListed) == [.exceptional, .good])
    }

    @Test("deterministic, and the history's order does not matter")
    func deterministic() {
        let a = DealScorer.score(Self.input(price: 41_000))
        #expect(DealScorer.score(Self.input(price: 41_000)) == a)
        #expect(DealScorer.score(Self.input(price: 41_000, history: Self.history.reversed())) == a)
    }

    @Test("cheaper is never worse; thin history lowers confidence and the price factors")
    func monotonicAndConfidence() {
        let prices = stride(from: 60_000.0, through: 20_000, by: -2_500)
        let scores = prices.map { DealScorer.score(Self.input(price: $0)).score }
        #expect(scores == scores.sorted(), "\(scores)")

        let thin = DealScorer.score(Self.input(price: 35_000, history: Array(Self.history.prefix(6))))
        let solid = DealScorer.score(Self.input(price: 35_000))
        #expect(abs(thin.confidence - 0.2) < 1e-9)
        #expect(thin.score < solid.score)
        let none = DealScorer.score(Self.input(price: 35_000, history: []))
        #expect(none.confidence == 0 && none.percentile == nil)
        #expect(none.explanation.first { $0.factor == .percentile }?.points == 10)
        // With no history a big discount still makes a good deal: the zero-config feed is not empty.
        #expect(none.tier == .good, "\(none)")
    }

    @Test("time to departure: 3–8 weeks earns every timing point, last-minute and far out fewer, departed none")
    func timing() {
        func points(_ days: Int) -> Double { DealScorer.score(Self.input(price: 40_000, days: days)).explanation.first { $0.factor == .timing }!.points }
        #expect(points(21) == 15 && points(56) == 15)
        #expect(points(3) < points(14) && points(14) < points(21))
        #expect(points(200) < points(90) && points(90) < points(56))
        #expect(points(10_000) == points(330))
        #expect(points(-1) == 0 && points(.min) == 0)
    }

    @Test("airline reliability: a shipped table of real airlines, unknown airlines neutral, codes any case")
    func reliability() {
        #expect(AirlineReliability.table.count >= 40)
        for (code, entry) in AirlineReliability.table {
            #expect(code.count == 2 && code == code.uppercased())
            #expect((0...1).contains(entry.onTime) && !entry.name.isEmpty && !entry.source.isEmpty)
        }
        #expect(AirlineReliability.entry(for: "dl")?.name == "Delta Air Lines")
        func points(_ airline: String) -> Double { DealScorer.score(Self.input(price: 40_000, airline: airline)).explanation.last!.points }
        #expect(points("CM") > points("B6"))
        #expect(points("ZZ") == points("zz"))
        #expect(abs(points("ZZ") - 5) < 1e-9)  // neutral 75 % sits halfway between 60 % and 90 %
    }

    @Test(
        "NaN, infinite, zero and negative inputs never give NaN or a score outside 0–100",
        arguments: [Double.nan, .infinity, -.infinity, 0, -1, -.greatestFiniteMagnitude, .greatestFiniteMagnitude, .leastNonzeroMagnitude])
    func unusableInputs(_ bad: Double) throws {
        let inputs = [
            Self.input(price: bad),
            Self.input(price: 35_000, baseline: bad),
            Self.input(price: 35_000, history: [bad, bad, 50_000]),
            Self.input(price: bad, history: Array(repeating: bad, count: 50), baseline: bad),
            DealScoreInput(price: bad, baseline: bad, history: [bad], searches: .min, watchers: .min, daysToDeparture: .min, airline: ""),
            DealScoreInput(price: 35_000, baseline: 50_000, history: Self.history, searches: .max, watchers: .max, daysToDeparture: .max, airline: "\u{0}"),
        ]
        for input in inputs {
            let score = DealScorer.score(input)
            #expect((0...100).contains(score.score), "\(input)")
            #expect(score.confidence.isFinite && (0...1).contains(score.confidence))
            if let percentile = score.percentile { #expect(percentile.isFinite && (0...100).contains(percentile)) }
            for factor in score.explanation { #expect(factor.points.isFinite && (0...factor.maxPoints).contains(factor.points), "\(factor)") }
            _ = try JSONEncoder().encode(score)  // NaN would throw
        }
        // An unusable price earns no price points, so it can never reach the feed.
        guard !(bad.isFinite && bad > 0) else { return }
        #expect(
            !DealScorer.score(DealScoreInput(price: bad, baseline: 50_000, history: Self.history, searches: .max, watchers: .max, daysToDeparture: 30, airline: "CM")).tier.isListed
        )
    }

    @Test("wire shape: snake_case keys, percentile written as null when unknown")
    func wire() throws {
        let score = DealScorer.score(Self.input(price: 35_000, history: []))
        let json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(score)) as? [String: Any])
        #expect(Set(json.keys) == ["score", "tier", "percentile", "confidence", "explanation"])
        #expect(json["percentile"] is NSNull && json["tier"] as? String == "good")
        let first = try #require((json["explanation"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["factor", "points", "max_points", "detail"] && first["factor"] as? String == "discount")
        #expect(try JSONDecoder().decode(DealScore.self, from: JSONEncoder().encode(score)) == score)
    }
}
