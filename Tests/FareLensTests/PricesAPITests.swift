import AppServer
import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import TestSupport
import Testing

/// The price history through `GET /farelens/v1/routes/{route}/price-history`, on both databases
/// (each test on a database of its own: observations belong to routes, not users).
@Suite("FareLens price history API", .timeLimit(.minutes(3)))
struct PricesAPITests {
    /// 2030-03-11 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_899_460_800)
    static let today = LocalDate(now, in: TimeZone(identifier: "UTC")!)

    static func withPrices<T: Sendable>(
        _ database: TestDatabase, clock: TestClock = TestClock(now), _ body: @escaping @Sendable (TestClient, FareLensApp, SignedIn) async throws -> T
    ) async throws -> T {
        try await withIsolatedServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) { client, server in
            let app = try #require(server.app(FareLensApp.self))
            return try await body(client, app, try await client.signIn(app: "farelens"))
        }
    }

    static func fare(
        _ route: String, _ date: LocalDate, _ cents: Int, currency: String = "USD", cabin: FlightCabin = .economy, returnDate: LocalDate? = nil,
        observedAt: Date = now
    ) -> PriceObservation {
        let codes = route.split(separator: "-").map(String.init)
        return PriceObservation(
            origin: codes[0], destination: codes[1], departureDate: date, returnDate: returnDate, cabin: cabin, priceCents: cents, currency: currency,
            airline: "DL", source: .offline, observedAt: observedAt)
    }

    static func path(_ route: String, _ query: String = "") -> String {
        FareLensRoutes.priceHistory.endpoint(Unchecked(pathComponent: route)!).path + query
    }

    @Test(
        "daily min, median and max per departure date: even counts average the middle two (half rounded up); currencies, cabins and round trips are not mixed; metro codes take their airports",
        arguments: TestDatabase.allCases)
    func dailySummaries(_ database: TestDatabase) async throws {
        try await Self.withPrices(database) { client, app, user in
            let d1 = Self.today.adding(days: 10)
            let d2 = d1.adding(days: 1)
            let d3 = d1.adding(days: 2)
            let late = Self.today.adding(days: 100)
            try await app.priceHistory.record([
                Self.fare("LAX-JFK", d1, 30000), Self.fare("LAX-JFK", d1, 10000), Self.fare("LAX-JFK", d1, 20000),
                Self.fare("LAX-JFK", d2, 10000), Self.fare("LAX-JFK", d2, 40000), Self.fare("LAX-JFK", d2, 20000), Self.fare("LAX-JFK", d2, 30000),
                Self.fare("LAX-JFK", d3, 10101), Self.fare("LAX-JFK", d3, 10102),
                Self.fare("LAX-JFK", d1, 5000, currency: "EUR"), Self.fare("LAX-JFK", d1, 1000, cabin: .business),
                Self.fare("LAX-JFK", d1, 900, returnDate: d3), Self.fare("JFK-LAX", d1, 800), Self.fare("LAX-JFK", late, 12345),
                Self.fare("JFK-LHR", d1, 50000), Self.fare("LGA-LGW", d1, 70000), Self.fare("EWR-CDG", d1, 100),
            ])
            let response = try await client.send(.get, Self.path("LAX-JFK"), token: user.accessToken)
            #expect(response.status == .ok, "\(response.text)")
            let history = try response.decode(PriceHistory.self)
            #expect(history.currency == "USD")
            #expect(
                history.data == [
                    DailyPriceSummary(date: d1, minCents: 10000, medianCents: 20000, maxCents: 30000, count: 3),
                    DailyPriceSummary(date: d2, minCents: 10000, medianCents: 25000, maxCents: 40000, count: 4),
                    DailyPriceSummary(date: d3, minCents: 10101, medianCents: 10102, maxCents: 10102, count: 2),
                ])
            #expect(response.text.contains(#""min_cents":10000"#) && response.text.contains(#""date":"\#(d1.text)""#), "\(response.text)")

            let euros = try await client.send(.get, Self.path("LAX-JFK", "?currency=EUR"), token: user.accessToken).decode(PriceHistory.self)
            #expect(euros == PriceHistory(data: [DailyPriceSummary(date: d1, minCents: 5000, medianCents: 5000, maxCents: 5000, count: 1)], currency: "EUR"))
            let business = try await client.send(.get, Self.path("LAX-JFK", "?cabin=BUSINESS"), token: user.accessToken).decode(PriceHistory.self)
            #expect(business.data.map(\.minCents) == [1000])
            let roundTrips = try await client.send(.get, Self.path("LAX-JFK", "?trip=round_trip"), token: user.accessToken).decode(PriceHistory.self)
            #expect(roundTrips.data.map(\.minCents) == [900])
            let later = try await client.send(.get, Self.path("LAX-JFK", "?from=\(late.text)&to=\(late.text)"), token: user.accessToken).decode(PriceHistory.self)
            #expect(later.data == [DailyPriceSummary(date: late, minCents: 12345, medianCents: 12345, maxCents: 12345, count: 1)])
            let metro = try await client.send(.get, Self.path("NYC-LON"), token: user.accessToken).decode(PriceHistory.self)
            #expect(metro.data == [DailyPriceSummary(date: d1, minCents: 50000, medianCents: 60000, maxCents: 70000, count: 2)])
            let empty = try await client.send(.get, Self.path("SFO-SEA"), token: user.accessToken)
            #expect(try empty.status == .ok && empty.decode(PriceHistory.self) == PriceHistory(data: [], currency: "USD"))
        }
    }

    @Test("the served document states the route's pattern, generated from RoutePair")
    func documentedRoute() throws {
        let paths = try #require(try FareLensApp.servedOpenAPIDocument().object["paths"] as? [String: Any])
        let operation = try #require((paths["/v1/routes/{route}/price-history"] as? [String: Any])?["get"] as? [String: Any])
        let route = try #require((operation["parameters"] as? [[String: Any]])?.first { $0["in"] as? String == "path" })
        #expect(route["name"] as? String == "route" && route["required"] as? Bool == true)
        #expect(route["schema"] as? [String: String] == ["type": "string", "pattern": "^[A-Z0-9]{3}-[A-Z0-9]{3}$"])
        #expect(route["description"] as? String != nil, "the fragment's description is kept")
    }

    @Test(
        "a malformed or unknown route, bad or impossible dates, a reversed or over-long range, a bad currency, cabin or trip: 422s naming each; no token: 401",
        arguments: TestDatabase.allCases)
    func refusals(_ database: TestDatabase) async throws {
        #expect(AirportCatalog.shipped.airports(for: "ZZZ").isEmpty)
        try await Self.withPrices(database) { client, _, user in
            let cases: [(String, String, [String])] = [
                ("LAXJFK", "", ["route"]), ("lax-jfk", "", ["route"]), ("LAX-LAX", "", ["route"]), ("NYC-JFK", "", ["route"]), ("LON-LHR", "", ["route"]),
                ("LAX-ZZZ", "", ["route"]), ("LAX-JFK-SFO", "", ["route"]),
                ("LAX-JFK", "?from=2030-02-30", ["from"]), ("LAX-JFK", "?from=2030-3-15", ["from"]), ("LAX-JFK", "?to=soon", ["to"]), ("LAX-JFK", "?to=2030-03-01", ["to"]),
                ("LAX-JFK", "?from=2030-05-01&to=2030-04-30", ["to"]), ("LAX-JFK", "?from=2030-01-01&to=2031-01-02", ["to"]),
                ("LAX-JFK", "?currency=usd", ["currency"]), ("LAX-JFK", "?currency=DOLLARS", ["currency"]), ("LAX-JFK", "?cabin=COACH", ["cabin"]),
                ("LAX-JFK", "?trip=both", ["trip"]), ("LAX-JFK", "?limit=5", ["limit"]), ("ZZZ-JFK", "?from=2030-13-01&cabin=x", ["route", "from", "cabin"]),
                ("lax-jfk", "?from=2030-05-01&to=2030-04-30&currency=1", ["route", "to", "currency"]),
            ]
            for (route, query, fields) in cases {
                let response = try await client.send(.get, Self.path(route, query), token: user.accessToken)
                #expect(response.status == .unprocessableContent, "\(route)\(query): \(response.text)")
                #expect(Set(response.errorFields) == Set(fields), "\(route)\(query): \(response.text)")
            }
            // The longest range: 366 days, both ends included.
            let longest = try await client.send(.get, Self.path("LAX-JFK", "?from=2030-01-01&to=2031-01-01"), token: user.accessToken)
            #expect(longest.status == .ok, "\(longest.text)")
            let leapDay = try await client.send(.get, Self.path("LAX-JFK", "?from=2032-02-29&to=2032-02-29"), token: user.accessToken)
            #expect(leapDay.status == .ok, "\(leapDay.text)")
            let anonymous = try await client.send(.get, Self.path("LAX-JFK"))
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("the sweep drops observations observed more than 400 days ago and keeps the rest", arguments: TestDatabase.allCases)
    func sweep(_ database: TestDatabase) async throws {
        try await Self.withPrices(database) { client, app, user in
            let day = Self.today.adding(days: 5)
            try await app.priceHistory.record([
                Self.fare("LAX-JFK", day, 10000, observedAt: Self.now.addingTimeInterval(-401 * 86_400)),
                Self.fare("LAX-JFK", day, 20000, observedAt: Self.now.addingTimeInterval(-399 * 86_400)),
            ])
            #expect(try await app.priceHistory.sweep() == 1)
            #expect(try await app.priceHistory.sweep() == 0)
            let history = try await client.send(.get, Self.path("LAX-JFK"), token: user.accessToken).decode(PriceHistory.self)
            #expect(history.data == [DailyPriceSummary(date: day, minCents: 20000, medianCents: 20000, maxCents: 20000, count: 1)])
        }
    }
}
