import Foundation

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
