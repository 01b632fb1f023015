import FareLensAPI
import Foundation
import PlatformAPI
import Testing

/// The smart queue (issue 35 "Deals", the seed's SmartQueueService) and the preferred airports' tier rules.
@Suite("SmartQueue")
struct SmartQueueTests {
    struct Deal: QueueableDeal, Equatable {
        var name: String
        var origin: String
        var destination: String
        var departureDate: LocalDate
        var priceCents: Int
        var dealScore: Int
    }

    static let nov15 = LocalDate(year: 2026, month: 11, day: 15)
    static let nov20 = LocalDate(year: 2026, month: 11, day: 20)
    static let lax = PreferredAirport(iata: "LAX", weight: 0.6, priority: 1)

    @Test("seed Example 1: LAX→NYC, $450, DealScore 85, a LAX→NYC watchlist and LAX at 0.6 → 163.2")
    func example1() {
        let deal = Deal(name: "A", origin: "LAX", destination: "NYC", departureDate: Self.nov15, priceCents: 45_000, dealScore: 85)
        let queue = SmartQueue(watchlists: [WatchlistCriteria(origin: "LAX", destination: "NYC")], preferredAirports: [Self.lax])
        #expect(abs(queue.queueScore(deal) - 163.2) < 1e-9)
    }

    @Test("seed Example 2: SFO→NYC, $450, DealScore 85, no SFO→NYC watchlist, preferred LAX → 85")
    func example2() {
        let deal = Deal(name: "B", origin: "SFO", destination: "NYC", departureDate: Self.nov15, priceCents: 45_000, dealScore: 85)
        let queue = SmartQueue(watchlists: [WatchlistCriteria(origin: "LAX", destination: "NYC")], preferredAirports: [Self.lax])
        #expect(queue.queueScore(deal) == 85)
    }

    @Test("seed Example 3: equal scores (163.2) and prices ($450) → the sooner departure (Nov 15) first")
    func example3() {
        let a = Deal(name: "A", origin: "LAX", destination: "NYC", departureDate: Self.nov15, priceCents: 45_000, dealScore: 85)
        let b = Deal(name: "B", origin: "LAX", destination: "LHR", departureDate: Self.nov20, priceCents: 45_000, dealScore: 85)
        let queue = SmartQueue(
            watchlists: [WatchlistCriteria(origin: "LAX", destination: "NYC"), WatchlistCriteria(origin: "LAX", destination: "LHR")], preferredAirports: [Self.lax])
        for input in [[a, b], [b, a]] {
            let ranked = queue.rank(input)
            #expect(ranked.map(\.deal.name) == ["A", "B"])
            #expect(ranked.allSatisfy { abs($0.queueScore - 163.2) < 1e-9 })
        }
    }

    @Test("order: queue score descending, then total price ascending, then departure ascending")
    func ordering() {
        let d = Self.nov15
        let deals = [
            Deal(name: "cheap-late", origin: "SFO", destination: "JFK", departureDate: d.adding(days: 5), priceCents: 30_000, dealScore: 70),
            Deal(name: "top", origin: "SFO", destination: "JFK", departureDate: d, priceCents: 90_000, dealScore: 95),
            Deal(name: "dear", origin: "SFO", destination: "JFK", departureDate: d, priceCents: 40_000, dealScore: 70),
            Deal(name: "cheap-soon", origin: "SFO", destination: "JFK", departureDate: d, priceCents: 30_000, dealScore: 70),
            Deal(name: "boosted", origin: "LAX", destination: "JFK", departureDate: d, priceCents: 99_000, dealScore: 65),
        ]
        let queue = SmartQueue(watchlists: [], preferredAirports: [Self.lax])
        #expect(queue.rank(deals).map(\.deal.name) == ["boosted", "top", "cheap-soon", "cheap-late", "dear"])  // 65 × 1.6 = 104
    }

    @Test("a watchlist matches by route (a metro code covers its airports), inside its date window, at or under its price")
    func watchlistMatching() {
        let metros = MetroCodes.standard
        func deal(_ origin: String, _ destination: String, _ date: LocalDate = Self.nov15, _ price: Int = 45_000) -> Deal {
            Deal(name: "", origin: origin, destination: destination, departureDate: date, priceCents: price, dealScore: 80)
        }
        let nyc = WatchlistCriteria(origin: "NYC", destination: "LON")
        #expect(nyc.matches(deal("JFK", "LHR"), metros: metros) && nyc.matches(deal("EWR", "LCY"), metros: metros) && nyc.matches(deal("NYC", "LON"), metros: metros))
        #expect(!nyc.matches(deal("BOS", "LHR"), metros: metros) && !nyc.matches(deal("LHR", "JFK"), metros: metros))
        #expect(!WatchlistCriteria(origin: "JFK", destination: "LHR").matches(deal("EWR", "LHR"), metros: metros))

        let window = WatchlistCriteria(origin: "LAX", destination: "HND", departureFrom: Self.nov15, departureTo: Self.nov20, maxPriceCents: 45_000)
        #expect(window.matches(deal("LAX", "HND", Self.nov15), metros: metros) && window.matches(deal("LAX", "HND", Self.nov20), metros: metros))
        #expect(!window.matches(deal("LAX", "HND", Self.nov15.adding(days: -1)), metros: metros))
        #expect(!window.matches(deal("LAX", "HND", Self.nov20.adding(days: 1)), metros: metros))
        #expect(!window.matches(deal("LAX", "HND", Self.nov15, 45_001), metros: metros))
        #expect(WatchlistCriteria(origin: "LAX", destination: "TYO").matches(deal("LAX", "NRT"), metros: metros))

        // The boost applies once, however many watchlists match; a custom metro table is honoured.
        let twice = SmartQueue(watchlists: [nyc, nyc], preferredAirports: [])
        #expect(abs(twice.queueScore(deal("JFK", "LHR")) - 96) < 1e-9)
        let custom = SmartQueue(watchlists: [WatchlistCriteria(origin: "QLA", destination: "LHR")], preferredAirports: [], metros: MetroCodes(members: ["QLA": ["LAX", "BUR"]]))
        #expect(abs(custom.queueScore(deal("BUR", "LHR")) - 96) < 1e-9)
    }

    @Test("the shipped metro table holds the real members of NYC, LON, TYO, PAR, CHI and WAS")
    func metroTable() {
        let metros = MetroCodes.standard
        #expect(metros.airports(of: "NYC") == ["JFK", "LGA", "EWR"])
        #expect(metros.airports(of: "tyo") == ["HND", "NRT"])
        #expect(metros.airports(of: "CHI") == ["ORD", "MDW"] && metros.airports(of: "WAS") == ["IAD", "DCA", "BWI"])
        #expect(metros.airports(of: "LON")?.isSuperset(of: ["LHR", "LGW", "STN", "LTN", "LCY"]) == true)
        #expect(metros.airports(of: "PAR")?.isSuperset(of: ["CDG", "ORY"]) == true)
        #expect(metros.airports(of: "LAX") == nil)
    }

    @Test("the feed leaves out deals under 60; an out-of-range airport weight counts as 0…1")
    func feedAndWeights() {
        let deals = [59, 60, 80].map { Deal(name: "\($0)", origin: "SFO", destination: "JFK", departureDate: Self.nov15, priceCents: 1, dealScore: $0) }
        let queue = SmartQueue(watchlists: [], preferredAirports: [])
        #expect(queue.feed(deals).map(\.deal.name) == ["80", "60"])
        #expect(queue.rank(deals).count == 3)
        let odd = SmartQueue(watchlists: [], preferredAirports: [PreferredAirport(iata: "SFO", weight: .nan, priority: 1)])
        #expect(odd.queueScore(deals[2]) == 80)
        #expect(SmartQueue(watchlists: [], preferredAirports: [PreferredAirport(iata: "SFO", weight: 7, priority: 1)]).queueScore(deals[2]) == 160)
    }

    // MARK: Preferred airports

    static func check(_ tier: FareLensTier, _ airports: [PreferredAirportsInput.Airport]?) -> PreferredAirportsInput.Outcome {
        PreferredAirportsInput(preferredAirports: airports).check(for: tier)
    }

    static func fields(_ outcome: PreferredAirportsInput.Outcome) -> [String] {
        if case .invalid(let errors) = outcome { errors.map(\.field) } else { [] }
    }

    @Test("Free: one airport at weight 1.0 (the default); a second is a tier_limit naming the limit; another weight is refused")
    func freeTier() {
        #expect(Self.check(.free, [.init(iata: " lax ")]) == .valid([PreferredAirport(iata: "LAX", weight: 1, priority: 1)]))
        #expect(Self.check(.free, [.init(iata: "LAX", weight: 1.0, priority: 1)]) == .valid([PreferredAirport(iata: "LAX", weight: 1, priority: 1)]))
        #expect(Self.check(.free, []) == .valid([]))
        guard case .tierLimit(let limit) = Self.check(.free, [.init(iata: "LAX"), .init(iata: "SFO")]) else {
            Issue.record("two airports on Free must be a tier limit")
            return
        }
        #expect(limit.limit == 1 && limit.tier == .free && limit.message.contains("1 preferred airport") && TierLimitExceeded.code == "tier_limit")
        #expect(Self.fields(Self.check(.free, [.init(iata: "LAX", weight: 0.6)])) == ["preferred_airports[0].weight"])
        #expect(Self.fields(Self.check(.free, [.init(iata: "LAX", priority: 2)])) == ["preferred_airports[0].priority"])
    }

    @Test("Pro: up to three, weights 0.6/0.3/0.1 by default and by priority, priorities 1–3; a fourth is a tier_limit")
    func proTier() {
        let three = Self.check(.pro, [.init(iata: "LAX"), .init(iata: "SFO"), .init(iata: "SAN")])
        #expect(
            three
                == .valid([
                    PreferredAirport(iata: "LAX", weight: 0.6, priority: 1), PreferredAirport(iata: "SFO", weight: 0.3, priority: 2),
                    PreferredAirport(iata: "SAN", weight: 0.1, priority: 3),
                ]))
        #expect(
            Self.check(.pro, [.init(iata: "SAN", priority: 3), .init(iata: "LAX", weight: 0.9, priority: 1)])
                == .valid([PreferredAirport(iata: "LAX", weight: 0.9, priority: 1), PreferredAirport(iata: "SAN", weight: 0.1, priority: 3)]))
        guard case .tierLimit(let limit) = Self.check(.pro, ["LAX", "SFO", "SAN", "BUR"].map { .init(iata: $0) }) else {
            Issue.record("four airports on Pro must be a tier limit")
            return
        }
        #expect(limit.limit == 3 && limit.message.contains("3"))
    }

    @Test("every bad field is named at once: codes, duplicates, weights outside 0…1, priorities outside 1–3 or repeated")
    func proFieldErrors() {
        let outcome = Self.check(.pro, [.init(iata: "LA1", weight: 1.5), .init(iata: nil, weight: .nan, priority: 4), .init(iata: "sfo", weight: -0.1, priority: 1)])
        #expect(
            Self.fields(outcome) == [
                "preferred_airports[0].iata", "preferred_airports[0].weight", "preferred_airports[1].iata", "preferred_airports[1].priority",
                "preferred_airports[1].weight", "preferred_airports[2].priority", "preferred_airports[2].weight",
            ])
        #expect(Self.fields(Self.check(.pro, [.init(iata: "LAX"), .init(iata: "lax")])) == ["preferred_airports[1].iata"])
        #expect(Self.fields(Self.check(.pro, nil)) == ["preferred_airports"])
    }

    @Test("wire shapes: the preferences body and watchlist criteria in snake_case")
    func wire() throws {
        let body = try JSONDecoder().decode(PreferredAirportsInput.self, from: Data(#"{"preferred_airports":[{"iata":"JFK","weight":0.5,"priority":2}]}"#.utf8))
        #expect(body == PreferredAirportsInput(preferredAirports: [.init(iata: "JFK", weight: 0.5, priority: 2)]))
        let criteria = WatchlistCriteria(origin: "NYC", destination: "LON", departureFrom: Self.nov15, departureTo: Self.nov20, maxPriceCents: 45_000)
        let json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(criteria)) as? [String: Any])
        #expect(Set(json.keys) == ["origin", "destination", "departure_from", "departure_to", "max_price_cents"] && json["departure_from"] as? String == "2026-11-15")
        #expect(try JSONDecoder().decode(WatchlistCriteria.self, from: JSONEncoder().encode(criteria)) == criteria)
        let airport = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.lax)) as? [String: Any])
        #expect(Set(airport.keys) == ["iata", "weight", "priority"])
    }
}
