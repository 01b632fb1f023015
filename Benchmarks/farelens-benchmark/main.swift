import FareLensAPI
import Foundation
import PlatformAPI

/// Measures the Deals piece of FareLens: scoring 10,000 fares with ``DealScorer`` (60 observed prices
/// per route) and ranking them in one user's smart queue (two watchlists, one on a metro code, and three
/// preferred airports), each repeated and reported as p50/p95 in milliseconds.
/// Run with `swift run -c release farelens-benchmark [--deals N] [--runs R]`.

/// One synthetic deal of the benchmark.
struct BenchDeal: QueueableDeal {
    var origin: String
    var destination: String
    var departureDate: LocalDate
    var priceCents: Int
    var dealScore: Int
}

/// A fixed-seed generator (SplitMix64), so every run measures the same deals.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

func option(_ name: String) -> Int? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return Int(arguments[index + 1])
}

func milliseconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

func percentile(_ samples: [Double], _ p: Double) -> Double {
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

let count = option("--deals") ?? 10_000
let runs = option("--runs") ?? 50
let airports = ["LAX", "SFO", "JFK", "EWR", "LGA", "ORD", "LHR", "CDG", "HND", "NRT", "SEA", "BOS", "MIA", "DFW", "ATL", "DEN"]
let airlines = Array(AirlineReliability.table.keys).sorted() + ["ZZ"]
var random = SplitMix64(state: 35)
let today = LocalDate(year: 2026, month: 6, day: 1)

let inputs: [DealScoreInput] = (0..<count).map { _ in
    let baseline = Double(20_000 + random.below(80_000))
    let history = (0..<60).map { _ in baseline * (0.7 + Double(random.below(600)) / 1000) }
    return DealScoreInput(
        price: baseline * (0.55 + Double(random.below(600)) / 1000), baseline: baseline, history: history, searches: random.below(3_000), watchers: random.below(200),
        daysToDeparture: random.below(330), airline: airlines[random.below(airlines.count)])
}
var scores: [DealScore] = []
let scoring = (0..<runs).map { _ in milliseconds { scores = inputs.map(DealScorer.score) } }

let deals: [BenchDeal] = zip(inputs, scores).map { input, score in
    let origin = airports[random.below(airports.count)]
    var destination = airports[random.below(airports.count)]
    if destination == origin { destination = "LHR" == origin ? "JFK" : "LHR" }
    return BenchDeal(
        origin: origin, destination: destination, departureDate: today.adding(days: input.daysToDeparture), priceCents: Int(input.price), dealScore: score.score)
}
let queue = SmartQueue(
    watchlists: [
        WatchlistCriteria(origin: "LAX", destination: "NYC"),
        WatchlistCriteria(origin: "SFO", destination: "LHR", departureFrom: today.adding(days: 20), departureTo: today.adding(days: 90), maxPriceCents: 60_000),
    ],
    preferredAirports: [
        PreferredAirport(iata: "LAX", weight: 0.6, priority: 1), PreferredAirport(iata: "SFO", weight: 0.3, priority: 2),
        PreferredAirport(iata: "SAN", weight: 0.1, priority: 3),
    ])
var ranked = 0
let ranking = (0..<runs).map { _ in milliseconds { ranked = queue.rank(deals).count } }
var listed = 0
let feeding = (0..<runs).map { _ in milliseconds { listed = queue.feed(deals).count } }

print(String(format: "score %d deals (60 prices each), %d runs: p50 %.2f ms, p95 %.2f ms", count, runs, percentile(scoring, 0.5), percentile(scoring, 0.95)))
print(String(format: "rank %d deals in a smart queue, %d runs: p50 %.2f ms, p95 %.2f ms", ranked, runs, percentile(ranking, 0.5), percentile(ranking, 0.95)))
print(String(format: "feed (DealScore ≥ 60: %d of %d), %d runs: p50 %.2f ms, p95 %.2f ms", listed, count, runs, percentile(feeding, 0.5), percentile(feeding, 0.95)))
