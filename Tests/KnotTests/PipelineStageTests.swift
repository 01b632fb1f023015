import Foundation
import Hummingbird
import TestSupport
import Testing

@testable import Knot

@Suite("Recommendation pipeline stages", .timeLimit(.minutes(3)))
struct PipelineStageTests {
    static func candidate(
        _ id: String, type: RecommendationType = .gift, title: String? = nil, description: String = "", price: Int? = 5000, merchant: String? = nil, city: String? = nil,
        source: CandidateSource = .catalog, interest: String? = nil, vibe: Vibe? = nil, score: Double = 0
    ) -> Candidate {
        var candidate = Candidate(
            id: id, source: source, type: type, title: title ?? id, description: description, priceCents: price, merchant: merchant ?? "m-\(id)", city: city,
            externalURL: "https://example.com/\(id)", imageURL: nil, matchedInterest: interest, matchedVibe: vibe)
        candidate.finalScore = score
        return candidate
    }

    @Test("the offline catalog covers every interest with at least 9 gifts and every vibe with at least 7 experiences or dates")
    func catalogCoverage() {
        for interest in KnotCatalog.interestCategories {
            let gifts = OfflineCatalog.gifts[interest] ?? []
            #expect(gifts.count >= 9, "\(interest)")
            #expect(gifts.allSatisfy { $0.priceCents > 0 && !$0.merchant.isEmpty })
            #expect(gifts.contains { $0.priceCents <= 5000 }, "\(interest) has a gift within the default just-because budget")
        }
        for vibe in Vibe.allCases {
            let outings = OfflineCatalog.outings[vibe] ?? []
            #expect(outings.count >= 7, "\(vibe)")
            #expect(outings.allSatisfy { $0.type != .gift })
            #expect(outings.contains { $0.priceCents <= 5000 }, "\(vibe) has an outing within the default just-because budget")
        }
        let all = OfflineCatalog.candidates(interests: KnotCatalog.interestCategories, vibes: Vibe.allCases, city: "Austin", currency: "USD")
        #expect(Set(all.map(\.id)).count == all.count, "catalog IDs are unique")
        #expect(all.allSatisfy { $0.externalURL?.hasPrefix("https://") == true && $0.imageURL != nil })
    }

    @Test("dedup by merchant|city keeps the higher-priority source; budget filter lets price-less items through")
    func aggregationRules() {
        let yelp = Self.candidate("a", type: .date, merchant: "Chez Panisse", city: "Berkeley", source: .yelp)
        let firecrawl = Self.candidate("b", type: .date, merchant: "chez panisse", city: "berkeley", source: .firecrawl)
        let elsewhere = Self.candidate("c", type: .date, merchant: "Chez Panisse", city: "Paris", source: .yelp)
        #expect(PipelineStages.deduplicate([yelp, firecrawl, elsewhere]).map(\.id) == ["b", "c"])
        let cheap = Self.candidate("cheap", price: 1000), ok = Self.candidate("ok", price: 3000), free = Self.candidate("unpriced", price: nil),
            dear = Self.candidate("dear", price: 9000)
        #expect(PipelineStages.withinBudget([cheap, ok, free, dear], min: 2000, max: 5000).map(\.id) == ["ok", "unpriced"])
    }

    @Test("dislikes remove; interests add 1 each (+0.5 tagged); hints add and are reported; top 9")
    func interestFiltering() throws {
        let hint = RelevantHint(id: HintID(), text: "She keeps mentioning a pottery wheel", similarity: 0.8)
        let candidates = [
            Self.candidate("golf", title: "Golf lessons", description: "Sports coaching"),
            Self.candidate("cook", title: "Chef's knife", interest: "Cooking"),
            Self.candidate("coffee", title: "Coffee grinder", description: "for coffee and cooking"),
            Self.candidate("pottery", type: .experience, title: "Pottery wheel class"),
            Self.candidate("plain", title: "Plain thing"),
        ]
        let filtered = try PipelineStages.filterByInterests(candidates, interests: ["Cooking", "Coffee"], dislikes: ["Sports"], hints: [hint], weights: .neutral)
        #expect(!filtered.contains { $0.id == "golf" }, "a dislike match removes")
        let scores = Dictionary(uniqueKeysWithValues: filtered.map { ($0.id, $0.interestScore) })
        #expect(scores["cook"] == 1.5)
        #expect(scores["coffee"] == 2.0)
        #expect(scores["pottery"] == 1.0, "a matching hint adds to the score")
        #expect(filtered.first { $0.id == "pottery" }?.informedByHints == [hint.id])
        #expect(scores["plain"] == 0)
        #expect(filtered.map(\.id) == ["coffee", "cook", "pottery", "plain"])
        let many = (0..<15).map { Self.candidate("c\($0)") }
        #expect(try PipelineStages.filterByInterests(many, interests: [], dislikes: [], hints: [], weights: .neutral).count == 9)
        #expect(throws: RecommendationFailure.everythingFiltered) {
            try PipelineStages.filterByInterests([candidates[0]], interests: [], dislikes: ["Sports"], hints: [], weights: .neutral)
        }
    }

    @Test("categories match whole words, singular or plural: a dislike of Cars keeps card games and Oscars night, removes sports cars")
    func wholeWordCategories() throws {
        let candidates = [
            Self.candidate("cards", title: "Card game night pack", description: "Five party card games"),
            Self.candidate("oscars", title: "Oscars party kit", description: "Ballots and popcorn"),
            Self.candidate("car", title: "Sports car driving day", description: "Two laps in a classic"),
            Self.candidate("heart", title: "Heart pendant", description: "Sterling silver"),
            Self.candidate("art", title: "Museum art print", description: "Framed"),
            Self.candidate("games", title: "Strategy night", description: "Three board games for two"),
        ]
        let filtered = try PipelineStages.filterByInterests(candidates, interests: ["Art", "Board Games"], dislikes: ["Cars"], hints: [], weights: .neutral)
        #expect(Set(filtered.map(\.id)) == ["cards", "oscars", "heart", "art", "games"], "only the car is a Cars match")
        let scores = Dictionary(uniqueKeysWithValues: filtered.map { ($0.id, $0.interestScore) })
        #expect(scores["heart"] == 0 && scores["cards"] == 0, "'art' is not a word of 'Heart' or 'party'; 'card game' is not 'board game'")
        #expect(scores["art"] == 1 && scores["games"] == 1)
        #expect(PipelineStages.words("Watches, glasses & Cars") == ["watch", "glass", "car"])
    }

    @Test("final = max(interest, 1) × (1 + vibe) × (1 + love language) × type weight")
    func scoringFormula() {
        var gift = Self.candidate("g", title: "Candle set", description: "romantic rose candles")
        gift.interestScore = 2
        var outing = Self.candidate("e", type: .experience, title: "Hiking trip", description: "trail day")
        outing.interestScore = 0
        let scored = PipelineStages.scoreVibesAndLoveLanguages(
            [gift, outing], vibes: [.romantic, .outdoorsy], loveLanguages: LoveLanguages(primary: .qualityTime, secondary: .receivingGifts),
            weights: LearnedWeights(types: ["gift": 1.5]))
        let g = scored.first { $0.id == "g" }!, e = scored.first { $0.id == "e" }!
        #expect(abs(g.vibeScore - 0.3) < 1e-9 && abs(g.loveLanguageScore - 0.2) < 1e-9)
        #expect(abs(g.finalScore - 2 * 1.3 * 1.2 * 1.5) < 1e-9)
        #expect(abs(e.finalScore - 1 * 1.3 * 1.4) < 1e-9, "the max(interest, 1) floor lets experiences compete")
        let primaryGifts = PipelineStages.scoreVibesAndLoveLanguages(
            [gift, outing], vibes: [], loveLanguages: LoveLanguages(primary: .receivingGifts, secondary: .qualityTime), weights: .neutral)
        #expect(abs(primaryGifts.first { $0.id == "g" }!.loveLanguageScore - 0.4) < 1e-9)
        #expect(abs(primaryGifts.first { $0.id == "e" }!.loveLanguageScore - 0.2) < 1e-9)
    }

    @Test("price tiers are thirds of the budget range")
    func priceTiers() {
        #expect(PipelineStages.priceTier(1000, min: 1000, max: 4000) == .low)
        #expect(PipelineStages.priceTier(2500, min: 1000, max: 4000) == .mid)
        #expect(PipelineStages.priceTier(4000, min: 1000, max: 4000) == .high)
        #expect(PipelineStages.priceTier(nil, min: 1000, max: 4000) == .mid)
        #expect(PipelineStages.priceTier(2000, min: 3000, max: 3000) == .mid)
    }

    @Test("diversity: spreads tiers, types and merchants; one gift and one outing when available; no repeated merchant")
    func diversitySelection() {
        let pool = [
            Self.candidate("g1", price: 9000, merchant: "A", score: 5),
            Self.candidate("g2", price: 8800, merchant: "A", score: 4.9),
            Self.candidate("g3", price: 8500, merchant: "B", score: 4.8),
            Self.candidate("g4", price: 1500, merchant: "C", score: 2),
            Self.candidate("e1", type: .experience, price: 5000, merchant: "D", score: 1),
        ]
        let picked = PipelineStages.selectDiverse(pool, budgetMin: 1000, budgetMax: 10000)
        #expect(picked.count == 3)
        #expect(picked.first?.id == "g1", "the best candidate first")
        #expect(Set(picked.compactMap(\.merchant)).count == 3, "no two from one merchant")
        #expect(picked.contains { $0.type == .gift } && picked.contains { $0.type != .gift })
        #expect(Set(picked.map { PipelineStages.priceTier($0.priceCents, min: 1000, max: 10000) }).count == 3)
        let sameMerchant = [Self.candidate("x", merchant: "A", score: 3), Self.candidate("y", merchant: "A", score: 2)]
        #expect(PipelineStages.selectDiverse(sameMerchant, budgetMin: 0, budgetMax: 100).count == 2, "repeats a merchant only when unavoidable")
    }

    @Test("unavailable picks are replaced from the pool; partial results carry a warning")
    func availability() async {
        let chosen = [Self.candidate("a", score: 3), Self.candidate("dead", score: 2), Self.candidate("c", score: 1)]
        let pool = chosen + [Self.candidate("dead2", score: 0.9), Self.candidate("spare", score: 0.5)]
        let (result, partial) = await PipelineStages.verifyAvailability(chosen, pool: pool) { !$0.id.hasPrefix("dead") }
        #expect(result.map(\.id) == ["a", "spare", "c"])
        #expect(!partial)
        let (short, isPartial) = await PipelineStages.verifyAvailability(chosen, pool: chosen) { !$0.id.hasPrefix("dead") }
        #expect(short.map(\.id) == ["a", "c"])
        #expect(isPartial)
    }
}

@Suite("Link availability", .timeLimit(.minutes(3)))
struct AvailabilityCheckerTests {
    @Test("HEAD, GET on 405, 2xx/3xx valid, errors and 4xx/5xx unavailable; catalog items trusted")
    func checksLinks() async throws {
        let router = Router()
        router.head("ok") { _, _ in Response(status: .ok) }
        router.head("moved") { _, _ in Response(status: .movedPermanently, headers: [.location: "/ok"]) }
        router.head("no-head") { _, _ in Response(status: .methodNotAllowed) }
        router.get("no-head") { _, _ in Response(status: .ok) }
        router.head("gone") { _, _ in Response(status: .gone) }
        router.head("broken") { _, _ in Response(status: .internalServerError) }
        try await withLocalHTTPServer(router, label: "links") { port in
            let checker = AvailabilityChecker(timeout: .seconds(15))
            func candidate(_ path: String, source: CandidateSource = .yelp) -> Candidate {
                Candidate(
                    id: path, source: source, type: .date, title: path, description: "", priceCents: nil, merchant: nil, externalURL: "http://127.0.0.1:\(port)/\(path)",
                    imageURL: nil)
            }
            #expect(await checker.isAvailable(candidate("ok")))
            #expect(await checker.isAvailable(candidate("moved")))
            #expect(await checker.isAvailable(candidate("no-head")))
            #expect(!(await checker.isAvailable(candidate("gone"))))
            #expect(!(await checker.isAvailable(candidate("broken"))))
            #expect(await checker.isAvailable(candidate("gone", source: .catalog)), "offline catalog items need no network")
            var unreachable = candidate("ok")
            unreachable.externalURL = "notaurl"
            #expect(!(await checker.isAvailable(unreachable)))
        }
    }
}
