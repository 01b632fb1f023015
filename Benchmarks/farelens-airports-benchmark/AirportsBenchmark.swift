import FareLens
import Foundation

/// Measures airport autocomplete (`AirportIndex.search`, what `GET /farelens/v1/airports` runs) on
/// the shipped table: loading and indexing once, then p50/p95 over prefixes people type — the
/// first 1 to 5 letters of the 300 busiest airports' codes, cities and names, and every metro code.
/// Run with `swift run -c release farelens-airports-benchmark [rounds]`; the target is p95 under 5 ms.
@main
enum AirportsBenchmark {
    static func main() {
        let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 5
        let loadStart = ContinuousClock.now
        let index = AirportIndex.shipped
        let loaded = ContinuousClock.now - loadStart
        print("load and index \(index.catalog.airports.count) airports: \(milliseconds(loaded)) ms")

        var prefixes: [String] = index.catalog.metros.keys.sorted()
        for airport in index.catalog.airports.prefix(300) {
            for text in [airport.iata, airport.city, airport.name] {
                for length in 1...5 where length <= text.count { prefixes.append(String(text.prefix(length))) }
            }
        }
        prefixes = Array(Set(prefixes)).sorted()
        var samples: [Double] = []
        var returned = 0
        for round in 0..<(rounds + 1) {
            for prefix in prefixes {
                let start = ContinuousClock.now
                returned += index.search(prefix, limit: 10).count
                if round > 0 { samples.append(milliseconds(ContinuousClock.now - start)) }
            }
        }
        samples.sort()
        let p50 = samples[samples.count / 2]
        let p95 = samples[Int(Double(samples.count) * 0.95)]
        print("\(prefixes.count) prefixes × \(rounds) rounds (\(returned) suggestions): p50 \(format(p50)) ms, p95 \(format(p95)) ms, max \(format(samples.last ?? 0)) ms")
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
