import Foundation

/// The recommendation pipeline's stages as pure functions over values (docs/knot.md,
/// "How Knot picks"): each takes what it needs and returns a new list, so each is tested alone and the
/// pipeline is their composition.
public enum PipelineStages {
    public static let candidateCap = 20
    public static let filteredCap = 9
    /// Of the ``filteredCap``, how many experiences or dates are kept when the pool has them.
    public static let outingSlots = 3
    public static let vibeBoost = 0.30

    // MARK: Aggregation

    /// Removes duplicates by `merchant|city` (case-insensitive), keeping the higher-priority source;
    /// items without a merchant are keyed by title. Order of first appearance is kept.
    public static func deduplicate(_ candidates: [Candidate]) -> [Candidate] {
        var kept: [String: Int] = [:]
        var result: [Candidate] = []
        for candidate in candidates {
            let key = candidate.merchant.map { "\($0.lowercased())|\((candidate.city ?? "").lowercased())" } ?? "title|\(candidate.title.lowercased())"
            if let index = kept[key] {
                if candidate.source.priority > result[index].source.priority { result[index] = candidate }
            } else {
                kept[key] = result.count
                result.append(candidate)
            }
        }
        return result
    }

    /// Keeps candidates priced within the budget; price-less ones pass (docs/knot.md, "How Knot picks").
    public static func withinBudget(_ candidates: [Candidate], min: Int, max: Int) -> [Candidate] {
        candidates.filter { candidate in candidate.priceCents.map { (min...max).contains($0) } ?? true }
    }

    // MARK: Interest filtering

    /// Free text as words, each in a singular form ("Cars" → "car", "watches" → "watch"), so that
    /// categories match whole words: a dislike of "Cars" removes "Sports car day" but neither
    /// "Card game night pack" nor "Oscars party kit".
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map { singular(String($0)) }
    }

    static func singular(_ word: String) -> String {
        if word.count > 4, ["sses", "shes", "ches", "xes"].contains(where: word.hasSuffix) { return String(word.dropLast(2)) }
        if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") { return String(word.dropLast()) }
        return word
    }

    /// Whether the category's words ("Board Games" → board, game) appear as consecutive whole words
    /// of the candidate's title and description, or the source tagged the candidate with it.
    static func matches(_ candidate: Candidate, category: String) -> Bool {
        if candidate.matchedInterest == category { return true }
        let needle = words(category)
        let haystack = words(candidate.searchableText)
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in haystack[start..<(start + needle.count)].elementsEqual(needle) }
    }

    /// Words of a hint that can identify an item ("ceramics", "espresso"), stemmed.
    static func hintWords(_ text: String) -> Set<String> {
        let stop: Set<String> = [
            "about", "would", "could", "their", "there", "really", "wants", "loves", "likes", "mentioned", "talking", "keeps", "said", "something", "always", "never", "maybe",
            "thing", "things", "with", "that", "this", "from", "they", "have", "been", "some", "into", "like", "love", "want", "new",
        ]
        return Set(text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 4 && !stop.contains($0) }.map(stem))
    }

    static func stem(_ word: String) -> String {
        for suffix in ["ing", "es", "s"] where word.count > suffix.count + 3 && word.hasSuffix(suffix) { return String(word.dropLast(suffix.count)) }
        return word
    }

    /// The relevant hints whose words the candidate shares.
    static func informingHints(_ candidate: Candidate, hints: [RelevantHint]) -> [HintID] {
        let words = Set(candidate.searchableText.split(whereSeparator: { !$0.isLetter }).map { stem(String($0)) })
        return hints.filter { !hintWords($0.text).isDisjoint(with: words) }.map(\.id)
    }

    /// Removes anything matching a dislike; scores the rest +1 per matched interest (× its learned
    /// weight), +0.5 when the source tagged the interest, +1 per informing hint (at most 2); keeps the
    /// top 9 by `(-score, title)`.
    public static func filterByInterests(
        _ candidates: [Candidate], interests: [String], dislikes: [String], hints: [RelevantHint], weights: LearnedWeights
    ) throws(RecommendationFailure) -> [Candidate] {
        var kept: [Candidate] = []
        for var candidate in candidates {
            if dislikes.contains(where: { matches(candidate, category: $0) }) { continue }
            var score = 0.0
            for interest in interests where matches(candidate, category: interest) {
                score += 1.0 * (weights.interests[interest] ?? 1.0)
                if candidate.matchedInterest == interest { score += 0.5 }
            }
            candidate.informedByHints = informingHints(candidate, hints: hints)
            score += Double(min(candidate.informedByHints.count, 2))
            candidate.interestScore = score
            kept.append(candidate)
        }
        guard !kept.isEmpty else { throw .everythingFiltered }
        let sorted = kept.sorted { ($0.interestScore, $1.title) > ($1.interestScore, $0.title) }
        var top = Array(sorted.prefix(filteredCap))
        // Gifts match interests by name, outings rarely do: keep up to `outingSlots` of the best
        // experiences/dates so the three picks can mix gifts and outings (docs/knot.md, "How Knot picks").
        let outings = top.filter { $0.type != .gift }.count
        if outings < outingSlots {
            let more = sorted.dropFirst(filteredCap).filter { $0.type != .gift }.prefix(outingSlots - outings)
            if !more.isEmpty {
                var drop = more.count
                top =
                    Array(
                        top.reversed().filter { candidate in
                            if drop > 0, candidate.type == .gift { drop -= 1; return false }
                            return true
                        }.reversed()) + more
            }
        }
        return top
    }

    // MARK: Vibes and love languages

    /// (primary, secondary) boosts per love language (docs/knot.md, "How Knot picks").
    static let loveLanguageBoosts: [LoveLanguage: (Double, Double)] = [
        .receivingGifts: (0.40, 0.20), .qualityTime: (0.40, 0.20),
        .actsOfService: (0.20, 0.10), .wordsOfAffirmation: (0.20, 0.10), .physicalTouch: (0.20, 0.10),
    ]

    static let loveLanguageKeywords: [LoveLanguage: [String]] = [
        .actsOfService: ["tool", "kit", "repair", "practical", "organizer", "useful", "home", "cleaning", "service"],
        .wordsOfAffirmation: ["personalized", "custom", "portrait", "engraved", "sentimental", "monogram", "letter", "journal", "poem", "song"],
        .physicalTouch: ["couples", "massage", "spa", "dance class", "together", "two people", "for two"],
    ]

    static func matches(_ candidate: Candidate, vibe: Vibe) -> Bool {
        candidate.matchedVibe == vibe || (candidate.classifiedVibes ?? KnotVibeClassifier.classify(candidate.searchableText)).contains(vibe)
    }

    static func matches(_ candidate: Candidate, loveLanguage: LoveLanguage) -> Bool {
        switch loveLanguage {
        case .receivingGifts: candidate.type == .gift
        case .qualityTime: candidate.type != .gift
        default: (loveLanguageKeywords[loveLanguage] ?? []).contains { candidate.searchableText.contains($0) }
        }
    }

    /// `final = max(interest, 1) × (1 + vibe) × (1 + love_language) × type_weight`, ranked by
    /// `(-final, -interest, title)`: on equal scores the item hints or interests point at comes first
    /// (the `max(…, 1)` floor would otherwise let an uninformed outing tie with an informed one).
    public static func scoreVibesAndLoveLanguages(_ candidates: [Candidate], vibes: [Vibe], loveLanguages: LoveLanguages, weights: LearnedWeights) -> [Candidate] {
        candidates.map { original in
            var candidate = original
            candidate.vibeScore = vibes.filter { matches(candidate, vibe: $0) }.reduce(0) { $0 + vibeBoost * (weights.vibes[$1.rawValue] ?? 1.0) }
            var loveLanguage = 0.0
            for (language, isPrimary) in [(loveLanguages.primary, true), (loveLanguages.secondary, false)] where matches(candidate, loveLanguage: language) {
                let boosts = loveLanguageBoosts[language] ?? (0, 0)
                loveLanguage += (isPrimary ? boosts.0 : boosts.1) * (weights.loveLanguages[language.rawValue] ?? 1.0)
            }
            candidate.loveLanguageScore = loveLanguage
            candidate.finalScore = max(candidate.interestScore, 1.0) * (1 + candidate.vibeScore) * (1 + loveLanguage) * (weights.types[candidate.type.rawValue] ?? 1.0)
            return candidate
        }.sorted { ($0.finalScore, $0.interestScore, $1.title) > ($1.finalScore, $1.interestScore, $0.title) }
    }

    // MARK: Diversity

    public enum PriceTier: String, Sendable { case low, mid, high }

    /// Thirds of the budget range; no price or a zero-width range is "mid".
    public static func priceTier(_ price: Int?, min: Int, max: Int) -> PriceTier {
        guard let price, max > min else { return .mid }
        let third = Double(max - min) / 3
        let offset = Double(price - min)
        return offset < third ? .low : (offset < 2 * third ? .mid : .high)
    }

    /// Greedy pick of up to 3: the best first, then the candidate differing from every pick in the
    /// most of price tier, type and merchant (ties: score, then interest score — hints count there —
    /// then title). No two from one merchant when
    /// another choice exists; at least one gift and one experience/date when the pool has them.
    public static func selectDiverse(_ ranked: [Candidate], budgetMin: Int, budgetMax: Int, count: Int = 3) -> [Candidate] {
        var selected: [Candidate] = []
        var pool = ranked
        while selected.count < count, !pool.isEmpty {
            var options = pool
            let merchants = Set(selected.compactMap { $0.merchant?.lowercased() })
            let freshMerchant = options.filter { $0.merchant.map { !merchants.contains($0.lowercased()) } ?? true }
            if !freshMerchant.isEmpty { options = freshMerchant }
            if selected.count == count - 1 {
                let hasGift = selected.contains { $0.type == .gift }
                let hasOuting = selected.contains { $0.type != .gift }
                if !hasGift, options.contains(where: { $0.type == .gift }) { options = options.filter { $0.type == .gift } }
                if !hasOuting, options.contains(where: { $0.type != .gift }) { options = options.filter { $0.type != .gift } }
            }
            let best: Candidate
            if selected.isEmpty {
                best = options[0]
            } else {
                func diversity(_ candidate: Candidate) -> Int {
                    let tier = priceTier(candidate.priceCents, min: budgetMin, max: budgetMax)
                    var score = 0
                    if selected.allSatisfy({ priceTier($0.priceCents, min: budgetMin, max: budgetMax) != tier }) { score += 1 }
                    if selected.allSatisfy({ $0.type != candidate.type }) { score += 1 }
                    if selected.allSatisfy({ ($0.merchant ?? "").lowercased() != (candidate.merchant ?? "").lowercased() || candidate.merchant == nil }) { score += 1 }
                    return score
                }
                best = options.max { a, b in
                    (diversity(a), a.finalScore, a.interestScore, b.title) < (diversity(b), b.finalScore, b.interestScore, a.title)
                }!
            }
            selected.append(best)
            pool.removeAll { $0.id == best.id }
        }
        return selected
    }

    // MARK: Availability

    /// Keeps selections whose URL answers; replaces an unavailable one with the first available of
    /// up to 3 tries from the ranked pool. All links of a round are checked in parallel, and a check
    /// that has not answered within `deadline` seconds counts as unavailable. Returns what it could
    /// verify and whether the result is partial.
    public static func verifyAvailability(
        _ selected: [Candidate], pool: [Candidate], deadline: Double = 5, isAvailable: @escaping @Sendable (Candidate) async -> Bool
    ) async -> (recommendations: [Candidate], partial: Bool) {
        let started = ContinuousClock.now
        func left() -> Double { Deadline.secondsLeft(deadline, since: started) }
        let first = await Deadline.gather(selected.map { candidate in { @Sendable in await isAvailable(candidate) } }, within: left())
        var slots: [Candidate?] = zip(selected, first).map { candidate, outcome in (try? outcome?.get()) == true ? candidate : nil }
        let missing = slots.indices.filter { slots[$0] == nil }
        guard !missing.isEmpty else { return (selected, false) }
        // Replacements: the best-ranked unused candidates, 3 tries per missing slot, one round.
        let used = Set(selected.map(\.id))
        let spares = Array(pool.filter { !used.contains($0.id) }.sorted { $0.finalScore > $1.finalScore }.prefix(3 * missing.count))
        let second = await Deadline.gather(spares.map { candidate in { @Sendable in await isAvailable(candidate) } }, within: left())
        var available = zip(spares, second).compactMap { candidate, outcome in (try? outcome?.get()) == true ? candidate : nil }
        for slot in missing where !available.isEmpty {
            slots[slot] = available.removeFirst()
        }
        let result = slots.compactMap { $0 }
        return (result, result.count < selected.count)
    }
}
