import Foundation

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
