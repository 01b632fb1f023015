import FareLens
import FareLensAPI
import Foundation
import Logging
import Persistence
import PlatformAPI
import PlatformCore

/// Measures an offline flight search through FareLens's ``FlightSearchService`` as the server wires
/// it (what `GET /farelens/v2/shopping/flight-offers` runs after validation) on SQLite: p50/p95 of a
/// cache miss (the offline model priced; every offer scored against the route's history, recorded
/// and its deals kept; the answer cached) over distinct routes and dates, then of a cache hit (the
/// same searches again). Run with `swift run -c release farelens-search-benchmark [searches]`;
/// the targets are p95 under 100 ms on a miss and under 5 ms on a hit.
@main
enum SearchBenchmark {
    static func main() async throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 500
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("farelens-search-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLiteStore.open(path: folder.appendingPathComponent("search.sqlite").path, logger: logger)
        try await Migrator.migrate(store, sets: [PlatformSchema.migrations, FareLensSchema.migrations], logger: logger)

        let clock = SystemTime()
        let service = FareLensApp(database: store, clock: clock, logger: logger).search
        let airports = AirportCatalog.shipped.airports.prefix(40).map(\.iata)
        let today = LocalDate(Date(), in: TimeZone(identifier: "UTC")!)
        let queries = (0..<count).map { index in
            let origin = airports[index % airports.count]
            let destination = airports[(index / airports.count + 1 + index) % airports.count]
            return FlightSearchQuery(
                origin: origin, destination: destination == origin ? airports[(index + 1) % airports.count] : destination,
                departureDate: today.adding(days: 7 + index % 300))
        }
        // Warm the model's tables and the database's statements.
        _ = try await service.search(FlightSearchQuery(origin: "JFK", destination: "LAX", departureDate: today.adding(days: 3)), purpose: .background)

        // A user's searches: they count towards the routes' popularity too.
        let user = UserID()
        for phase in ["cache miss", "cache hit"] {
            var samples: [Double] = []
            for query in queries {
                let start = ContinuousClock.now
                _ = try await service.search(query, purpose: .userSearch(user))
                samples.append(milliseconds(ContinuousClock.now - start))
            }
            samples.sort()
            let p50 = samples[samples.count / 2]
            let p95 = samples[Int(Double(samples.count) * 0.95)]
            print("SQLite, offline search, \(phase): \(samples.count) searches, p50 \(format(p50)) ms, p95 \(format(p95)) ms, max \(format(samples.last ?? 0)) ms")
        }
        await store.close()
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
