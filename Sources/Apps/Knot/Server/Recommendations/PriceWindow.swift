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

/// What a refresh leaves out, beyond its price window.
struct Exclusions {
    var keys = Set<String>()
    var titles = Set<String>()
    var vibes = Set<Vibe>()
    var merchants = Set<String>()
    var categories = Set<String>()

    func allows(_ candidate: Candidate) -> Bool {
        if keys.contains(candidate.id) || titles.contains(candidate.title.lowercased()) { return false }
        if !vibes.isEmpty, (candidate.matchedVibe.map { vibes.contains($0) } ?? false) || !Set(KnotVibeClassifier.classify(candidate.searchableText)).isDisjoint(with: vibes) {
            return false
        }
        if let merchant = candidate.merchant, merchants.contains(merchant.lowercased()) { return false }
        if !categories.isEmpty, categories.contains(candidate.productCategory) { return false }
        return true
    }
}

/// A refresh's reason turned into exclusions and a price window (docs/knot.md, "How Knot picks"):
/// - `too_expensive`: only items priced below the cheapest rejected one and below the price tier it
///   sits in (the thirds of the occasion's budget used by diversity selection); when fewer than
///   three remain inside the budget, the window reaches down to the next lower occasion's budget
///   minimum, then to zero; cheaper items are favoured.
/// - `too_cheap`: the mirror, upwards to the next higher occasion's maximum, then unbounded.
/// - `not_their_style`: the rejected items' vibes are excluded.
/// - `already_have_similar`: the rejected items' merchants, and their product categories, are excluded.
/// - `show_different`: only the exact items.
/// Every reason also excludes the exact items refreshed away in the last day, so successive
/// refreshes keep showing new things.
struct RefreshPlan {
    let reason: RejectionReason
    var exclusions = Exclusions()
    let prices: [Int]

    init(reason: RejectionReason, rejected: [StoredRecommendation], earlier: (keys: Set<String>, titles: Set<String>) = ([], [])) {
        self.reason = reason
        prices = rejected.compactMap(\.priceCents)
        exclusions.keys = Set(rejected.compactMap(\.candidateKey)).union(earlier.keys)
        exclusions.titles = Set(rejected.map { $0.title.lowercased() }).union(earlier.titles)
        switch reason {
        case .notTheirStyle:
            exclusions.vibes = Set(rejected.compactMap(\.matchedVibe) + rejected.flatMap { KnotVibeClassifier.classify(($0.title + " " + ($0.description ?? "")).lowercased()) })
        case .alreadyHaveSimilar:
            exclusions.merchants = Set(rejected.compactMap { $0.merchantName?.lowercased() })
            exclusions.categories = Set(rejected.map(\.productCategory))
        case .tooExpensive, .tooCheap, .showDifferent:
            break
        }
    }

    var direction: PriceDirection? {
        switch reason {
        case .tooExpensive: .lower
        case .tooCheap: .higher
        default: nil
        }
    }

    /// The price windows to try in order, from the narrowest (inside the occasion's budget) to the
    /// widest; `budgets` are the vault's (defaults stand in for missing occasions).
    func windows(budget: Budget, budgets: [Budget]) -> [PriceWindow] {
        let order: [OccasionType] = [.justBecause, .minorOccasion, .majorMilestone]
        let position = order.firstIndex(of: budget.occasionType) ?? 0
        func range(_ occasion: OccasionType) -> Budget {
            budgets.first { $0.occasionType == occasion } ?? RecommendationService.defaultBudget(occasion, currency: budget.currency)
        }
        let third = Double(budget.maxAmount - budget.minAmount) / 3
        func tierIndex(_ price: Int) -> Int {
            switch PipelineStages.priceTier(price, min: budget.minAmount, max: budget.maxAmount) {
            case .low: 0
            case .mid: 1
            case .high: 2
            }
        }
        switch direction {
        case .lower:
            let cheapest = prices.min() ?? budget.maxAmount
            let tierFloor = budget.minAmount + Int((third * Double(tierIndex(cheapest))).rounded(.down))
            let ceiling = min(cheapest, max(tierFloor, budget.minAmount))
            let lowerMinimums = order[..<position].reversed().map { range($0).minAmount }
            let floors = ([budget.minAmount] + lowerMinimums + [0]).filter { $0 < ceiling }
            return unique(floors.map { PriceWindow(lower: $0, lowerExclusive: false, upper: ceiling, upperExclusive: true) }, fallback: ceiling)
        case .higher:
            let dearest = prices.max() ?? budget.minAmount
            let tierCeiling = tierIndex(dearest) == 2 ? budget.maxAmount : budget.minAmount + Int((third * Double(tierIndex(dearest) + 1)).rounded(.up))
            let floor = max(dearest, tierCeiling)
            let higherMaximums: [Int?] = order[(position + 1)...].map { range($0).maxAmount }
            let ceilings = ([budget.maxAmount] + higherMaximums + [nil]).filter { $0.map { $0 > floor } ?? true }
            return ceilings.map { PriceWindow(lower: floor, lowerExclusive: true, upper: $0, upperExclusive: false) }
        case nil:
            return [PriceWindow(budget.minAmount...budget.maxAmount)]
        }
    }

    private func unique(_ windows: [PriceWindow], fallback ceiling: Int) -> [PriceWindow] {
        var seen: [PriceWindow] = []
        for window in windows where !seen.contains(window) { seen.append(window) }
        return seen.isEmpty ? [PriceWindow(lower: 0, lowerExclusive: false, upper: ceiling, upperExclusive: true)] : seen
    }
}
