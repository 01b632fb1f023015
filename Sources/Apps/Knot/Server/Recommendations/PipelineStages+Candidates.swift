import Foundation

extension PipelineStages {
    /// The candidates one run works with: real candidates first (deduplicated, inside the price
    /// window, not excluded), up to ``candidateCap``; catalog candidates only fill the slots left,
    /// never duplicating a real one (same `merchant|city` or title).
    static func cut(real: [Candidate], catalog: [Candidate], window: PriceWindow, allows: (Candidate) -> Bool) -> [Candidate] {
        var result = Array(deduplicate(real).filter { window.contains($0.priceCents) && allows($0) }.prefix(candidateCap))
        var taken = Set(result.map(duplicateKey))
        var titles = Set(result.map { $0.title.lowercased() })
        for candidate in catalog where result.count < candidateCap {
            guard window.contains(candidate.priceCents), allows(candidate) else { continue }
            let key = duplicateKey(candidate)
            guard !taken.contains(key), !titles.contains(candidate.title.lowercased()) else { continue }
            taken.insert(key)
            titles.insert(candidate.title.lowercased())
            result.append(candidate)
        }
        return result
    }

    /// The key ``deduplicate(_:)`` compares: `merchant|city`, or the title for items with no merchant.
    static func duplicateKey(_ candidate: Candidate) -> String {
        candidate.merchant.map { "\($0.lowercased())|\((candidate.city ?? "").lowercased())" } ?? "title|\(candidate.title.lowercased())"
    }

    /// The most a price refresh raises a score for being at the favoured end of its window.
    static let priceFavour = 0.30

    /// Price refreshes favour the direction asked for: up to +30 % for the cheapest (`.lower`) or
    /// dearest (`.higher`) end of the window, re-ranked by `(-final, title)`.
    static func favourPrices(_ ranked: [Candidate], direction: PriceDirection, window: PriceWindow) -> [Candidate] {
        let range = window.tierRange
        let span = Double(max(1, range.upperBound - range.lowerBound))
        return ranked.map { original in
            var candidate = original
            guard let price = candidate.priceCents else { return candidate }
            let clamped = Double(min(max(price, range.lowerBound), range.upperBound) - range.lowerBound) / span
            let position = direction == .lower ? 1 - clamped : clamped
            candidate.finalScore *= 1 + priceFavour * position
            return candidate
        }.sorted { ($0.finalScore, $1.title) > ($1.finalScore, $0.title) }
    }
}
