import Foundation

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
