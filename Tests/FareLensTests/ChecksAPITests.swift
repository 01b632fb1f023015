import AppServer
import FareLens
import FareLensAPI
import Foundation
import HTTPTypes
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

/// FareLens's watchlist checks on both databases: `GET /watchlist/check` through the HTTP API (found
/// and not found, another user's id never leaked, every 422, the 30-minute cache with an injected
/// clock, the previous price), and the scheduled runs at fixed instants (09:00 in Tokyo and New
/// York, Pro's 18:00, a DST day, one search per route and date for every watcher, the quota
/// priority of the group's highest tier, a doubled run checking nobody twice).
@Suite("FareLens watchlist checks", .timeLimit(.minutes(3)))
struct ChecksAPITests {
    static var path: String { FareLensRoutes.watchlistCheck.endpoint.path }
    /// 2026-03-01 12:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_772_366_400)
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// Answers two fares per search at the route's current base price (one scoring 72, one 40 and
    /// 100.00 dearer) and records every call with its purpose.
    final class PricedSearch: FlightSearching {
        let base = LockedValue(25_000)
        let calls = LockedValue<[(query: FlightSearchQuery, purpose: FlightSearchPurpose)]>([])

        func search(_ query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
            calls.withLock { $0.append((query, purpose)) }
            let base = base.value
            return FlightOffersResponse(data: [Self.offer(query, cents: base, score: 72, airline: "UA"), Self.offer(query, cents: base + 10_000, score: 40, airline: "AA")])
        }

        static func offer(_ query: FlightSearchQuery, cents: Int, score: Int, airline: String) -> FlightOffer {
            let amount = String(format: "%d.%02d", cents / 100, cents % 100)
            let segment = FlightSegment(
                departure: FlightEndpoint(iataCode: query.origin, at: "\(query.departureDate.text)T10:00:00"),
                arrival: FlightEndpoint(iataCode: query.destination, at: "\(query.departureDate.text)T18:00:00"), carrierCode: airline, number: "100",
                aircraft: nil, duration: "PT8H", id: "1")
            return FlightOffer(
                id: "\(airline)-\(cents)", source: "GDS", itineraries: [FlightItinerary(duration: "PT8H", segments: [segment])],
                price: FlightPrice(currency: query.currencyCode, total: amount, base: nil, grandTotal: amount), validatingAirlineCodes: [airline],
                dealScore: score, dealTier: DealTier(score: score).rawValue)
        }
    }

    /// Keeps what the alerts part would be handed.
    final class RecordingAlerts: WatchlistAlerting {
        let delivered = LockedValue<[(user: UserID, results: [WatchlistCheckResult])]>([])
        func deliver(_ results: [WatchlistCheckResult], for user: UserID) async throws {
            delivered.withLock { $0.append((user, results)) }
        }
        var users: Set<UserID> { Set(delivered.value.map(\.user)) }
    }

    static func with(_ database: TestDatabase, _ body: @escaping @Sendable (TestClient, TestClock, FareLensApp) async throws -> Void) async throws {
        let clock = TestClock(start)
        try await withServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) { client, server in
            try await body(client, clock, try #require(server.apps.compactMap { $0 as? FareLensApp }.first))
        }
    }

    /// On a database of its own: a scheduled run selects every user of the database.
    static func isolated(_ database: TestDatabase, _ body: @escaping @Sendable (TestClient, FareLensApp) async throws -> Void) async throws {
        try await withIsolatedServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: TestClock(start))) { client, server in
            try await body(client, try #require(server.apps.compactMap { $0 as? FareLensApp }.first))
        }
    }

    /// A signed-in user in `zone` (nil: unset) on `tier` with one watchlist per route.
    static func user(
        _ client: TestClient, zone: String?, tier: String = "free", routes: [[String: Any]] = [["origin": "LAX", "destination": "JFK"]]
    ) async throws -> (SignedIn, UserID, [Watchlist]) {
        let user = try await client.signIn(app: "farelens")
        if let zone {
            let response = try await client.send(
                .put, FareLensRoutes.platform.updateNotificationPreferences.endpoint.path, token: user.accessToken, json: ["timezone": zone])
            #expect(response.status == .ok, "\(response.text)")
        }
        if tier != "free" {
            let response = try await client.send(.post, FareLensRoutes.setDevTier.endpoint.path, token: user.accessToken, json: ["tier": tier])
            #expect(response.status == .ok, "\(response.text)")
        }
        var lists: [Watchlist] = []
        for route in routes {
            let response = try await client.send(.post, FareLensRoutes.watchlists.endpoint.path, token: user.accessToken, json: route)
            #expect(response.status == .created, "\(response.text)")
            lists.append(try response.decode(Watchlist.self))
        }
        return (user, UserID(UUID(uuidString: user.userID)!), lists)
    }

    @Test(
        "on demand: each own id's latest price, previous price, change and matching deals; unknown and foreign ids are {id, found: false}; every 422 names ids",
        arguments: TestDatabase.allCases)
    func onDemand(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _ in
            let (owner, _, lists) = try await Self.user(client, zone: nil, routes: [["origin": "LAX", "destination": "NYC"], ["origin": "SFO", "destination": "LHR"]])
            let (_, _, foreign) = try await Self.user(client, zone: nil)
            let unknown = WatchlistID()
            let ids = [lists[1].id, foreign[0].id, unknown, lists[0].id]
            let response = try await client.send(.get, Self.path + "?ids=" + ids.map(\.description).joined(separator: ","), token: owner.accessToken)
            #expect(response.status == .ok, "\(response.text)")
            let checks = try response.decode(FareLensList<WatchlistCheck>.self).data
            #expect(checks.map(\.id) == ids.map(\.description) && checks.map(\.found) == [true, false, false, true])
            #expect(response.text.contains(#"{"found":false,"id":"\#(foreign[0].id)"}"#), "nothing of another user's watchlist: \(response.text)")
            for check in [checks[0], checks[3]] {
                #expect(check.latestPriceCents != nil && check.previousPriceCents == nil && check.changeCents == nil && check.currency == "USD")
                #expect(check.checkedAt == Self.start)
                let deals = try #require(check.matchingDeals)
                #expect(deals.allSatisfy { $0.dealScore >= 60 && $0.priceCents >= check.latestPriceCents! })
                #expect(zip(deals, deals.dropFirst()).allSatisfy { $0.dealScore >= $1.dealScore }, "best first")
            }
            #expect(checks[3].matchingDeals!.allSatisfy { $0.origin == "LAX" && ["JFK", "LGA", "EWR"].contains($0.destination) })

            for bad in ["", "?ids=", "?ids=nope", "?ids=\(unknown),\(unknown)", "?ids=" + (0..<21).map { _ in UUID().uuidString }.joined(separator: ",")] {
                let refused = try await client.send(.get, Self.path + bad, token: owner.accessToken)
                #expect(refused.status == .unprocessableContent && refused.errorFields == ["ids"], "\(bad): \(refused.text)")
            }
            _ = clock
        }
    }

    @Test("a check answers for 30 minutes (injected clock); the next one's previous price is its latest, the change their difference", arguments: TestDatabase.allCases)
    func cacheAndPreviousPrice(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _ in
            let (owner, _, lists) = try await Self.user(client, zone: nil)
            let url = Self.path + "?ids=\(lists[0].id)"
            let first = try await client.send(.get, url, token: owner.accessToken).decode(FareLensList<WatchlistCheck>.self).data[0]
            clock.advance(by: 29 * 60)
            let cached = try await client.send(.get, url, token: owner.accessToken).decode(FareLensList<WatchlistCheck>.self).data[0]
            #expect(cached == first, "within 30 minutes the same check")
            clock.advance(by: 2 * 60)
            let second = try await client.send(.get, url, token: owner.accessToken).decode(FareLensList<WatchlistCheck>.self).data[0]
            #expect(second.checkedAt == Self.start.addingTimeInterval(31 * 60))
            #expect(second.previousPriceCents == first.latestPriceCents && second.latestPriceCents != nil, "\(first) \(second)")
            #expect(second.changeCents == second.latestPriceCents! - first.latestPriceCents!)
        }
    }

    @Test(
        "scheduled: two users on one route make one search per date at the highest tier among them; results per user; the price change and deals; a doubled run checks nobody twice",
        arguments: TestDatabase.allCases)
    func groupedRun(_ database: TestDatabase) async throws {
        try await Self.isolated(database) { client, app in
            let (_, free, freeLists) = try await Self.user(client, zone: "Asia/Tokyo", routes: [["origin": "LAX", "destination": "NYC", "max_price_cents": 30_000]])
            let (_, pro, _) = try await Self.user(client, zone: "Asia/Tokyo", tier: "pro")
            let (_, other, _) = try await Self.user(client, zone: "Asia/Tokyo", routes: [["origin": "SFO", "destination": "LHR"]])
            let search = PricedSearch()
            let alerts = RecordingAlerts()
            let runs = ScheduledWatchlistChecks(app.checks.with(alerting: alerts, search: search))
            let nineInTokyo = Self.utc("2026-03-02T00:00:00Z")

            let summary = try await runs.run(endingAt: nineInTokyo)
            #expect(summary == .init(users: 3, watchlists: 3, searches: 6, failures: 0))
            let calls = search.calls.value
            #expect(calls.filter { $0.query.origin == "LAX" }.count == 3, "LAX→NYC and LAX→JFK share their searches (NYC searches JFK)")
            #expect(calls.filter { $0.query.origin == "LAX" }.allSatisfy { $0.query.destination == "JFK" && $0.purpose == .watchlist(tier: .pro) })
            #expect(calls.filter { $0.query.origin == "SFO" }.allSatisfy { $0.purpose == .watchlist(tier: .free) })
            let today = LocalDate(Self.start, in: LocalDate.utcCalendar.timeZone)
            #expect(Set(calls.map { today.days(until: $0.query.departureDate) }) == [14, 28, 42])
            #expect(alerts.users == [free, pro, other] && alerts.delivered.value.count == 3)

            let freeResult = try #require(alerts.delivered.value.first { $0.user == free }?.results.first)
            #expect(freeResult.watchlistID == freeLists[0].id.uuid && freeResult.latestPriceCents == 25_000 && freeResult.previousPriceCents == nil)
            #expect(freeResult.matchingDeals.map(\.priceCents) == [25_000, 25_000, 25_000] && freeResult.matchingDeals.allSatisfy { $0.score.score == 72 })

            // Doubled (another instance, a retry): nobody is checked again.
            #expect(try await runs.run(endingAt: nineInTokyo) == .init())
            #expect(search.calls.value.count == 6 && alerts.delivered.value.count == 3)

            // The next day's run: the previous price is the last check's latest.
            search.base.withLock { $0 = 21_000 }
            try await runs.run(endingAt: nineInTokyo.addingTimeInterval(86_400))
            let next = try #require(alerts.delivered.value.last { $0.user == free }?.results.first)
            #expect(next.latestPriceCents == 21_000 && next.previousPriceCents == 25_000 && next.changeCents == -4_000)
        }
    }

    @Test("wired end to end: a scheduled run's results reach the user's alert history through the app's own alert service", arguments: TestDatabase.allCases)
    func runReachesAlerts(_ database: TestDatabase) async throws {
        try await Self.isolated(database) { client, app in
            let (user, _, _) = try await Self.user(client, zone: "Asia/Tokyo")
            // The app's checks as wired (their alerting is the app's alert service); only the provider is a fake.
            let runs = ScheduledWatchlistChecks(app.checks.with(search: PricedSearch()))
            let summary = try await runs.run(endingAt: Self.utc("2026-03-02T00:00:00Z"))
            #expect(summary.users == 1 && summary.watchlists == 1)
            let history = try await client.send(.get, FareLensRoutes.alertHistory.endpoint.path, token: user.accessToken)
            #expect(history.status == .ok, "\(history.text)")
            let entries = try history.decode(FareLensList<AlertHistoryEntry>.self).data
            // The run's matching deals (DealScore 72, under the default threshold of 80) are kept, not pushed.
            #expect(!entries.isEmpty && entries.allSatisfy { $0.status == .belowThreshold && $0.dealScore == 72 }, "\(history.text)")
        }
    }

    @Test(
        "scheduled at 09:00 local: Tokyo at 00:00 UTC, unset (UTC) at 09:00, New York at 14:00 UTC in winter and 13:00 on the DST day; Pro also at 18:00, Free not",
        arguments: TestDatabase.allCases)
    func localTimes(_ database: TestDatabase) async throws {
        try await Self.isolated(database) { client, app in
            let (_, tokyo, _) = try await Self.user(client, zone: "Asia/Tokyo")
            let (_, newYork, _) = try await Self.user(client, zone: "America/New_York")
            let (_, newYorkPro, _) = try await Self.user(client, zone: "America/New_York", tier: "pro")
            let (_, unset, _) = try await Self.user(client, zone: nil)
            let alerts = RecordingAlerts()
            let runs = ScheduledWatchlistChecks(app.checks.with(alerting: alerts, search: PricedSearch()))
            func served(_ instant: String) async throws -> Set<UserID> {
                let before = alerts.delivered.value.count
                try await runs.run(endingAt: Self.utc(instant))
                return Set(alerts.delivered.value.dropFirst(before).map(\.user))
            }
            #expect(try await served("2026-03-02T00:00:00Z") == [tokyo])
            #expect(try await served("2026-03-02T09:00:00Z") == [unset])
            #expect(try await served("2026-03-02T13:00:00Z") == [])
            #expect(try await served("2026-03-02T14:00:00Z") == [newYork, newYorkPro])
            #expect(try await served("2026-03-02T23:00:00Z") == [newYorkPro], "18:00 in New York: Pro only")
            #expect(try await served("2026-03-02T09:10:00Z") == [], "an occurrence is read at its quarter hour: 09:00 already ran")
            // 2026-03-08: New York moves to EDT; 09:00 is 13:00 UTC, 14:00 UTC is 10:00.
            #expect(try await served("2026-03-08T14:00:00Z") == [])
            #expect(try await served("2026-03-08T13:00:00Z") == [newYork, newYorkPro])
            #expect(try await served("2026-03-08T22:00:00Z") == [newYorkPro])
        }
    }
}
