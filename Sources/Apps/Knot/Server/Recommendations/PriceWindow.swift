import Foundation

/// The prices a run accepts. A generate uses the occasion's budget (price-less items pass; docs/knot.md,
/// "How Knot picks"); a price refresh uses one side of the rejected prices, where an item must have a price to
/// prove it is cheaper or dearer.
public struct PriceWindow: Sendable, Equatable {
    /// Lowest accepted price (inclusive unless ``lowerExclusive``).
    public var lower: Int
    public var lowerExclusive = false
    /// Highest accepted price (inclusive unless ``upperExclusive``); nil is unbounded.
    public var upper: Int?
    public var upperExclusive = false
    /// Whether items without a price are refused.
    public var requiresPrice = false

    public init(_ range: ClosedRange<Int>) {
        lower = range.lowerBound
        upper = range.upperBound
    }

    init(lower: Int, lowerExclusive: Bool, upper: Int?, upperExclusive: Bool) {
        self.lower = lower
        self.lowerExclusive = lowerExclusive
        self.upper = upper
        self.upperExclusive = upperExclusive
        requiresPrice = true
    }

    public func contains(_ price: Int?) -> Bool {
        guard let price else { return !requiresPrice }
        if lowerExclusive ? price <= lower : price < lower { return false }
        if let upper, upperExclusive ? price >= upper : price > upper { return false }
        return true
    }

    /// The range diversity selection divides into price tiers (an unbounded top reaches twice the
    /// floor).
    public var tierRange: ClosedRange<Int> {
        let top = upper ?? max(lower * 2, lower + 1)
        return lower...max(lower, top)
    }
}
