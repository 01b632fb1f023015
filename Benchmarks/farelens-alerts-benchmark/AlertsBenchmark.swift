import Auth
import FareLens
import FareLensAPI
import Foundation
import Logging
import Persistence
import PlatformAPI
import PlatformCore

/// Measures the alert fan-out of one scheduled check run on SQLite: `users` Free users (default
/// 10,000), each with one checked watchlist whose price moved and two matching deals, handed to
/// ``FareLensAlertService`` one user at a time as the checks do (silent push, ranking, the engine's
/// quiet-hours/dedupe/cap decisions, the history rows) on the outbox channel. Prints the total, the
/// rate and p50/p95 per user. Run with `swift run -c release farelens-alerts-benchmark [users]`.
@main
enum AlertsBenchmark {
    static func main() async throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("farelens-alerts-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLiteStore.open(path: folder.appendingPathComponent("alerts.sqlite").path, logger: logger)
        try await Migrator.migrate(store, sets: [PlatformSchema.migrations, FareLensSchema.migrations], logger: logger)

        let clock = SystemTime()
        let accounts = AccountRepository(database: store, clock: clock)
        let service = FareLensApp(database: store, clock: clock, logger: logger).alerts.service
        var users: [UserID] = []
        for index in 0..<count {
            users.append(try await accounts.findOrCreateUser(app: .farelens, provider: "dev", subject: "bench-\(index)", email: nil))
        }
        let airports = AirportCatalog.shipped.airports.prefix(25).map(\.iata)
        let departure = LocalDate(Date(), in: TimeZone(identifier: "UTC")!).adding(days: 30)
        var samples: [Double] = []
        let started = ContinuousClock.now
        for (index, user) in users.enumerated() {
            let origin = airports[index % airports.count]
            let destination = airports[(index / airports.count + 1 + index) % airports.count]
            let deals = [88, 93].map { score in
                DealCandidate(
                    origin: origin, destination: destination, departureDate: departure, airline: "UA", priceCents: 40_000 + score, currency: "USD", provider: .offline,
                    score: DealScore(score: score, tier: DealTier(score: score), percentile: 10, confidence: 1, explanation: []), expiresAt: Date().addingTimeInterval(3600))
            }
            let result = WatchlistCheckResult(
                watchlistID: UUID(), userID: user, origin: origin, destination: destination, latestPriceCents: 40_088, previousPriceCents: 42_000, currency: "USD",
                matchingDeals: deals, checkedAt: Date())
            let start = ContinuousClock.now
            try await service.deliver([result], for: user)
            samples.append(milliseconds(ContinuousClock.now - start))
        }
        let total = milliseconds(ContinuousClock.now - started)
        samples.sort()
        print(
            "SQLite, alert fan-out of one run: \(count) users in \(format(total / 1000)) s (\(format(Double(count) / (total / 1000))) users/s), "
                + "p50 \(format(samples[samples.count / 2])) ms, p95 \(format(samples[Int(Double(samples.count) * 0.95)])) ms per user")
        await store.close()
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
