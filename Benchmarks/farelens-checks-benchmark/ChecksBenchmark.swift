import FareLens
import FareLensAPI
import Foundation
import Logging
import Persistence
import PlatformAPI
import PlatformCore

/// One scheduled watchlist-check run (``ScheduledWatchlistChecks``) for 10,000 watchers on 300
/// routes on SQLite, every watcher in a zone at +09:00 (so one 09:00 window selects them all), a
/// tenth of them Pro: reports the provider calls the run made through a counting search (at most
/// routes × dates: one per route and date, whoever watches it) and the run's time. Run with
/// `swift run -c release farelens-checks-benchmark [watchers] [routes]`.
@main
enum ChecksBenchmark {
    /// Stands for the search service: counts the calls and answers two fares at once.
    final class CountingSearch: FlightSearching {
        let calls = LockedValue(0)
        func search(_ query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
            calls.withLock { $0 += 1 }
            return FlightOffersResponse(data: [offer(query, cents: 25_000, score: 72), offer(query, cents: 31_000, score: 40)])
        }

        func offer(_ query: FlightSearchQuery, cents: Int, score: Int) -> FlightOffer {
            let amount = String(format: "%d.%02d", cents / 100, cents % 100)
            let segment = FlightSegment(
                departure: FlightEndpoint(iataCode: query.origin, at: "\(query.departureDate.text)T10:00:00"),
                arrival: FlightEndpoint(iataCode: query.destination, at: "\(query.departureDate.text)T18:00:00"), carrierCode: "UA", number: "1",
                aircraft: nil, duration: "PT8H", id: "1")
            return FlightOffer(
                id: "\(cents)", source: "GDS", itineraries: [FlightItinerary(duration: "PT8H", segments: [segment])],
                price: FlightPrice(currency: query.currencyCode, total: amount, base: nil, grandTotal: amount), validatingAirlineCodes: ["UA"],
                dealScore: score, dealTier: DealTier(score: score).rawValue)
        }
    }

    static let zones = ["Asia/Tokyo", "Asia/Seoul", "Asia/Jayapura", "Pacific/Palau"]

    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
        let watchers = arguments.first ?? 10_000
        let routeCount = arguments.dropFirst().first ?? 300
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("farelens-checks-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLiteStore.open(path: folder.appendingPathComponent("checks.sqlite").path, logger: logger)
        try await Migrator.migrate(store, sets: [PlatformSchema.migrations, FareLensSchema.migrations], logger: logger)

        let airports = AirportCatalog.shipped.airports.prefix(40).map(\.iata)
        let routes = airports.flatMap { origin in airports.filter { $0 != origin }.map { (origin, $0) } }.prefix(routeCount)
        let now = Date()
        try await store.transaction { db in
            for index in 0..<watchers {
                let user = UUID()
                try await db.raw(
                    """
                    INSERT INTO users (id, app, email, timezone, created_at, updated_at)
                    VALUES (\(bind: user), 'farelens', NULL, \(bind: zones[index % zones.count]), \(bind: now), \(bind: now))
                    """
                ).run()
                if index % 10 == 0 {
                    try await db.raw(
                        "INSERT INTO farelens_accounts (user_id, tier, trial_ends_at, created_at, updated_at) VALUES (\(bind: user), 'pro', NULL, \(bind: now), \(bind: now))"
                    ).run()
                }
                let route = routes[routes.startIndex + index % routes.count]
                try await db.raw(
                    """
                    INSERT INTO farelens_watchlists (id, user_id, origin, destination, departure_from, departure_to, max_price_cents, currency, alerts_enabled,
                        paused_reason, created_at, updated_at)
                    VALUES (\(bind: UUID()), \(bind: user), \(bind: route.0), \(bind: route.1), NULL, NULL, NULL, 'USD', \(bind: true), NULL, \(bind: now), \(bind: now))
                    """
                ).run()
            }
        }

        let search = CountingSearch()
        let app = FareLensApp(database: store, clock: SystemTime(), logger: logger)
        let runs = ScheduledWatchlistChecks(app.checks.with(search: search))
        // The next 09:00 in Tokyo (00:00 UTC).
        let nine = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 86_400).rounded(.up) * 86_400)
        let start = ContinuousClock.now
        let summary = try await runs.run(endingAt: nine)
        let elapsed = ContinuousClock.now - start
        let ceiling = routes.count * 3
        print(
            "SQLite, one scheduled check run: \(summary.users) watchers, \(summary.watchlists) watchlists on \(routes.count) routes, "
                + "\(search.calls.value) provider calls (ceiling routes × dates = \(ceiling)), \(elapsed)")
        await store.close()
        guard search.calls.value <= ceiling, summary.watchlists == watchers else {
            print("FAIL: expected every watcher checked with at most \(ceiling) calls")
            exit(1)
        }
    }
}
