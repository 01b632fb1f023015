import AppServer
import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

/// The deals feed, details and saved deals through the HTTP API, on both databases.
@Suite("FareLens deals API", .serialized, .timeLimit(.minutes(3)))
struct DealsAPITests {
    /// A user's ranking inputs, as the watchlists part would give them.
    struct FakeRanking: DealRankingInputs {
        var watchlists: [WatchlistCriteria] = []
        var airports: [PreferredAirport] = []
        func watchlistCriteria(for user: UserID) async throws -> [WatchlistCriteria] { watchlists }
        func preferredAirports(for user: UserID) async throws -> [PreferredAirport] { airports }
    }

    struct FakePrices: RoutePriceSummarizing {
        func summary(origin: String, destination: String, cabin: FlightCabin, currency: String, roundTrip: Bool, since: Date) async throws -> RoutePriceSummary? {
            RoutePriceSummary(days: 90, count: 12, minCents: 40_000, medianCents: 52_000, maxCents: 70_000, currency: "USD")
        }
    }

    static let start = Date(timeIntervalSince1970: 1_790_000_000)
    static var today: LocalDate { LocalDate(start, in: TimeZone(identifier: "UTC")!) }

    static func candidate(
        _ origin: String, _ destination: String, days: Int = 30, price: Int = 45_000, score: Int = 85, airline: String = "UA", cabin: FlightCabin = .economy,
        expiresIn: TimeInterval = 600
    ) -> DealCandidate {
        let explanation = [DealScoreFactor(factor: .discount, points: Double(score) / 2, maxPoints: 40, detail: "under the usual price")]
        return DealCandidate(
            origin: origin, destination: destination, departureDate: today.adding(days: days), cabin: cabin, airline: airline, priceCents: price, currency: "USD",
            provider: .offline, score: DealScore(score: score, tier: DealTier(score: score), percentile: 20, confidence: 1, explanation: explanation),
            expiresAt: start.addingTimeInterval(expiresIn))
    }

    /// The server with FareLens, a test clock, and the app for recording deals and injecting fakes.
    static func withDeals(_ database: TestDatabase, _ body: @escaping @Sendable (TestClient, FareLensApp, TestClock, ServerComponents) async throws -> Void) async throws {
        let clock = TestClock(start)
        // The deals are everyone's: each test has a database of its own, so other suites' deals never
        // show in its feed (nor its deals in theirs).
        try await withIsolatedServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) { client, server in
            let app = try #require(server.app(FareLensApp.self))
            try await body(client, app, clock, server)
        }
    }

    static let feed = FareLensRoutes.deals.endpoint.path

    @Test("the caller's own watchlists and preferred airport rank the feed; a metro watchlist (HOU→NYC) boosts its airports' deals", arguments: TestDatabase.allCases)
    func realRankingInputs(_ database: TestDatabase) async throws {
        try await Self.withDeals(database) { client, app, _, _ in
            try await app.deals.record([Self.candidate("IAH", "JFK", score: 83), Self.candidate("DFW", "JFK", price: 40_000, score: 83)])
            let user = try await client.signIn(app: "farelens")
            let created = try await client.send(
                .post, FareLensRoutes.createWatchlist.endpoint.path, token: user.accessToken, json: ["origin": "HOU", "destination": "NYC"])
            #expect(created.status == .created, "\(created.text)")
            let page = try await client.send(.get, Self.feed, token: user.accessToken).decode(FareLensList<Deal>.self)
            #expect(page.data.map(\.origin) == ["IAH", "DFW"], "the watched metro's deal leads despite its higher price")
            #expect(abs((page.data.first?.queueScore ?? 0) - 83 * 1.2) < 1e-9)
            #expect(abs((page.data.last?.queueScore ?? 0) - 83) < 1e-9)
        }
    }

    @Test("the seed's three worked examples, end to end: queue scores 163.2 and 85, equal scores by sooner departure", arguments: TestDatabase.allCases)
    func seedExamples(_ database: TestDatabase) async throws {
        try await Self.withDeals(database) { client, app, _, _ in
            app.dealSources.use(
                ranking: FakeRanking(
                    watchlists: [WatchlistCriteria(origin: "LAX", destination: "NYC"), WatchlistCriteria(origin: "LAX", destination: "LHR")],
                    airports: [PreferredAirport(iata: "LAX", weight: 0.6, priority: 1)]))
            try await app.deals.record([
                Self.candidate("SFO", "JFK", days: 30), Self.candidate("LAX", "LHR", days: 35), Self.candidate("LAX", "JFK", days: 30),
                Self.candidate("SFO", "BOS", score: 59),
            ])
            let user = try await client.signIn(app: "farelens")
            let response = try await client.send(.get, Self.feed, token: user.accessToken)
            #expect(response.status == .ok, "\(response.text)")
            let page = try response.decode(FareLensList<Deal>.self)
            #expect(page.data.map { "\($0.origin)-\($0.destination)" } == ["LAX-JFK", "LAX-LHR", "SFO-JFK"])
            #expect(page.data.map { (($0.queueScore ?? 0) * 10).rounded() / 10 } == [163.2, 163.2, 85])
            #expect(response.headers[ListPagingHeader.next] == nil && response.text.contains(#""data":["#) && !response.text.contains("next_cursor"))
            #expect(page.data.allSatisfy { $0.dealTier == .exceptional && $0.dealScore == 85 && $0.provider == .offline })
        }
    }

    @Test("ranking: queue score desc, then price asc, then departure asc; filters by metro code, airlines and max_price", arguments: TestDatabase.allCases)
    func orderAndFilters(_ database: TestDatabase) async throws {
        try await Self.withDeals(database) { client, app, _, _ in
            try await app.deals.record([
                Self.candidate("JFK", "LAX", days: 20, price: 30_000, score: 70, airline: "AA"),
                Self.candidate("JFK", "LAX", days: 10, price: 30_000, score: 70, airline: "UA"),
                Self.candidate("EWR", "SFO", days: 10, price: 20_000, score: 70, airline: "UA"),
                Self.candidate("LGA", "ORD", days: 10, price: 90_000, score: 95, airline: "DL"),
                Self.candidate("BOS", "LAX", days: 10, price: 10_000, score: 65, airline: "B6"),
            ])
            let token = try await client.signIn(app: "farelens").accessToken
            func routes(_ query: String) async throws -> [String] {
                let response = try await client.send(.get, Self.feed + query, token: token)
                #expect(response.status == .ok, "\(query): \(response.text)")
                return try response.decode(FareLensList<Deal>.self).data.map { "\($0.origin)-\($0.destination)-\($0.airline)" }
            }
            #expect(try await routes("") == ["LGA-ORD-DL", "EWR-SFO-UA", "JFK-LAX-UA", "JFK-LAX-AA", "BOS-LAX-B6"])
            #expect(try await routes("?origin=nyc") == ["LGA-ORD-DL", "EWR-SFO-UA", "JFK-LAX-UA", "JFK-LAX-AA"])
            #expect(try await routes("?origin=NYC&destination=LAX") == ["JFK-LAX-UA", "JFK-LAX-AA"])
            #expect(try await routes("?airlines=aa,B6") == ["JFK-LAX-AA", "BOS-LAX-B6"])
            #expect(try await routes("?max_price=20000") == ["EWR-SFO-UA", "BOS-LAX-B6"])
            #expect(try await routes("?destination=CDG").isEmpty)
        }
    }

    @Test("every bad filter, limit and cursor is a 422 naming it; another user's cursor too; no token is a 401", arguments: TestDatabase.allCases)
    func refusals(_ database: TestDatabase) async throws {
        try await Self.withDeals(database) { client, app, _, _ in
            try await app.deals.record((0..<3).map { Self.candidate("JFK", "LAX", days: 10 + $0) })
            let token = try await client.signIn(app: "farelens").accessToken
            for (query, fields) in [
                ("?origin=JF", ["origin"]), ("?origin=QQQ", ["origin"]), ("?destination=12A", ["destination"]), ("?airlines=UAL", ["airlines"]),
                ("?airlines=", ["airlines"]), ("?airlines=UA,,AA", ["airlines"]), ("?max_price=0", ["max_price"]), ("?max_price=12.5", ["max_price"]),
                ("?max_price=x&origin=ZZZ", ["max_price", "origin"]), ("?limit=0", ["limit"]), ("?limit=101", ["limit"]), ("?cursor=abc", ["cursor"]),
                // Letters that upper-case into a code are not one (`ıad` → IAD, `ßa` → SSA), nor a signed number a price.
                ("?origin=%C4%B1ad", ["origin"]), ("?destination=%C3%9Fa", ["destination"]), ("?airlines=%C4%B1A", ["airlines"]), ("?max_price=%2B5", ["max_price"]),
                ("?limit=%2B5&origin=ZZZ&cursor=abc", ["limit", "origin", "cursor"]),
            ] {
                let response = try await client.send(.get, Self.feed + query, token: token)
                #expect(response.status == .unprocessableContent, "\(query): \(response.text)")
                #expect(Set(response.errorFields) == Set(fields), "\(query): \(response.text)")
            }
            let cursor = try #require(try await client.send(.get, Self.feed + "?limit=1", token: token).headers[ListPagingHeader.next])
            let other = try await client.signIn(app: "farelens").accessToken
            let stolen = try await client.send(.get, Self.feed + "?cursor=" + cursor, token: other)
            #expect(stolen.status == .unprocessableContent && stolen.errorFields == ["cursor"])
            let anonymous = try await client.send(.get, Self.feed)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("pages follow the ranking without repeats or gaps, also when a better deal arrives between pages; expired deals leave the feed", arguments: TestDatabase.allCases)
    func pagingAndExpiry(_ database: TestDatabase) async throws {
        try await Self.withDeals(database) { client, app, clock, _ in
            try await app.deals.record((0..<7).map { Self.candidate("JFK", "LAX", days: 10 + $0, price: 30_000 + 1_000 * $0, score: 80) })
            let token = try await client.signIn(app: "farelens").accessToken
            let all = try await client.send(.get, Self.feed, token: token).decode(FareLensList<Deal>.self).data.map(\.id)
            #expect(all.count == 7)
            var seen: [DealID] = []
            var cursor: String?
            repeat {
                let response = try await client.send(.get, Self.feed + "?limit=3" + (cursor.map { "&cursor=" + $0 } ?? ""), token: token)
                let page = try response.decode(FareLensList<Deal>.self)
                #expect(!response.text.contains("next_cursor"), "the cursor is in X-Next-Cursor only: \(response.text)")
                seen += page.data.map(\.id)
                cursor = response.headers[ListPagingHeader.next]
                if seen.count == 3 { try await app.deals.record([Self.candidate("BOS", "SFO", score: 99)]) }
            } while cursor != nil
            #expect(seen == all)

            try await app.deals.record([Self.candidate("SEA", "SFO", score: 90, expiresIn: 60)])
            #expect(try await client.send(.get, Self.feed + "?origin=SEA", token: token).decode(FareLensList<Deal>.self).data.count == 1)
            clock.advance(by: 61)
            #expect(try await client.send(.get, Self.feed + "?origin=SEA", token: token).decode(FareLensList<Deal>.self).data.isEmpty)
            #expect(try await app.deals.purgeExpired() == 1)
        }
    }

    @Test("recording keeps one deal per route, dates, cabin and airline: the newer replaces it (same id), a newer non-deal removes it", arguments: TestDatabase.allCases)
    func upsert(_ database: TestDatabase) async throws {
        try await Self.withDeals(database) { client, app, _, _ in
            let token = try await client.signIn(app: "farelens").accessToken
            try await app.deals.record([Self.candidate("JFK", "LAX", price: 40_000, score: 70), Self.candidate("JFK", "LAX", price: 35_000, score: 75)])
            let first = try await client.send(.get, Self.feed, token: token).decode(FareLensList<Deal>.self).data
            #expect(first.map(\.priceCents) == [35_000])
            try await app.deals.record([Self.candidate("JFK", "LAX", price: 30_000, score: 82)])
            let second = try await client.send(.get, Self.feed, token: token).decode(FareLensList<Deal>.self).data
            #expect(second.map(\.priceCents) == [30_000] && second.first?.id == first.first?.id && second.first?.dealTier == .exceptional)
            try await app.deals.record([Self.candidate("JFK", "LAX", price: 60_000, score: 40)])
            #expect(try await client.send(.get, Self.feed, token: token).decode(FareLensList<Deal>.self).data.isEmpty)
        }
    }

    @Test("detail: the deal, its explanation, the other fares on its route and dates, the price history; expired or unknown is a 404", arguments: TestDatabase.allCases)
    func detail(_ database: TestDatabase) async throws {
        try await Self.withDeals(database) { client, app, clock, _ in
            app.dealSources.use(prices: FakePrices())
            try await app.deals.record([
                Self.candidate("JFK", "LAX", price: 30_000, airline: "UA"), Self.candidate("JFK", "LAX", price: 32_000, airline: "AA"),
                Self.candidate("JFK", "LAX", price: 150_000, airline: "UA", cabin: .business), Self.candidate("JFK", "LAX", days: 31, price: 20_000, airline: "DL"),
            ])
            let token = try await client.signIn(app: "farelens").accessToken
            let deal = try #require(try await client.send(.get, Self.feed + "?max_price=30000&airlines=UA", token: token).decode(FareLensList<Deal>.self).data.first)
            #expect(deal.priceCents == 30_000)
            let path = FareLensRoutes.deal.endpoint(deal.id).path
            let response = try await client.send(.get, path, token: token)
            #expect(response.status == .ok, "\(response.text)")
            let detail = try response.decode(DealDetail.self)
            #expect(detail.deal.id == deal.id && detail.deal.queueScore == 85 && detail.explanation.first?.factor == .discount)
            #expect(detail.fareOptions.map { "\($0.cabin.rawValue)-\($0.airline)-\($0.priceCents)" } == ["BUSINESS-UA-150000", "ECONOMY-AA-32000"])
            #expect(detail.priceHistory?.medianCents == 52_000)
            let unknown = try await client.send(.get, FareLensRoutes.deal.endpoint(DealID()).path, token: token)
            #expect(unknown.status == .notFound)
            #expect(try await client.send(.get, Self.feed.replacingOccurrences(of: "/deals", with: "/deals/nope"), token: token).status == .notFound)
            clock.advance(by: 601)
            let expired = try await client.send(.get, path, token: token)
            #expect(expired.status == .notFound, "\(expired.text)")
        }
    }

    @Test("saved deals: 201 then 200, kept after expiry and purge, invisible to others, 404s, 422 naming deal_id, exported, gone with the user", arguments: TestDatabase.allCases)
    func saves(_ database: TestDatabase) async throws {
        try await Self.withDeals(database) { client, app, clock, server in
            try await app.deals.record([Self.candidate("JFK", "LAX"), Self.candidate("SFO", "JFK", days: 40)])
            let user = try await client.signIn(app: "farelens")
            let deals = try await client.send(.get, Self.feed, token: user.accessToken).decode(FareLensList<Deal>.self).data
            let path = FareLensRoutes.savedDeals.endpoint.path
            let first = try await client.send(.post, path, token: user.accessToken, json: ["deal_id": deals[0].id.description])
            #expect(first.status == .created, "\(first.text)")
            let again = try await client.send(.post, path, token: user.accessToken, json: ["deal_id": deals[0].id.description.uppercased()])
            #expect(try again.status == .ok && again.decode(SavedDeal.self) == first.decode(SavedDeal.self))
            clock.advance(by: 1)
            #expect(try await client.send(.post, path, token: user.accessToken, json: ["deal_id": deals[1].id.description]).status == .created)
            for body: [String: Any] in [[:], ["deal_id": "x"], ["deal_id": 5], ["deal_id": NSNull()]] {
                let refused = try await client.send(.post, path, token: user.accessToken, json: body)
                #expect(refused.status == .unprocessableContent && refused.errorFields == ["deal_id"], "\(body): \(refused.text)")
            }
            #expect(try await client.send(.post, path, token: user.accessToken, json: ["deal_id": DealID().description]).status == .notFound)

            let response1 = try await client.send(.get, path + "?limit=1", token: user.accessToken)
            let page1 = try response1.decode(FareLensList<SavedDeal>.self)
            #expect(page1.data.map(\.dealID) == [deals[1].id] && !response1.text.contains("next_cursor"), "\(response1.text)")
            let cursor = try #require(response1.headers[ListPagingHeader.next])
            let response2 = try await client.send(.get, path + "?limit=1&cursor=" + cursor, token: user.accessToken)
            let page2 = try response2.decode(FareLensList<SavedDeal>.self)
            #expect(page2.data.map(\.dealID) == [deals[0].id] && response2.headers[ListPagingHeader.next] == nil && page2.data[0].deal.queueScore == nil)

            let other = try await client.signIn(app: "farelens")
            #expect(try await client.send(.get, path, token: other.accessToken).decode(FareLensList<SavedDeal>.self).data.isEmpty)
            // The cursor is the owner's: another account's use of it, or an altered one, is a 422 naming cursor.
            #expect(try await client.send(.get, path + "?limit=1&cursor=" + cursor, token: other.accessToken).errorFields == ["cursor"])
            var altered = Array(cursor)
            altered[40] = altered[40] == "A" ? "B" : "A"
            #expect(try await client.send(.get, path + "?limit=1&cursor=" + String(altered), token: user.accessToken).errorFields == ["cursor"])
            #expect(try await client.send(.delete, FareLensRoutes.deleteSavedDeal.endpoint(deals[0].id).path, token: other.accessToken).status == .notFound)

            clock.advance(by: 900)
            try await app.deals.purgeExpired()
            #expect(try await client.send(.post, path, token: other.accessToken, json: ["deal_id": deals[0].id.description]).status == .notFound)
            let kept = try await client.send(.get, path, token: user.accessToken).decode(FareLensList<SavedDeal>.self).data
            #expect(kept.map(\.deal.priceCents) == [45_000, 45_000] && kept.map(\.deal.origin) == ["SFO", "JFK"])
            let export = try await client.send(.get, FareLensRoutes.platform.export.endpoint.path, token: user.accessToken)
            #expect(export.text.contains(#""saved_deals":["#) && export.text.contains(deals[0].id.description), "\(export.text)")

            #expect(try await client.send(.delete, FareLensRoutes.deleteSavedDeal.endpoint(deals[0].id).path, token: user.accessToken).status == .noContent)
            #expect(try await client.send(.delete, FareLensRoutes.deleteSavedDeal.endpoint(deals[0].id).path, token: user.accessToken).status == .notFound)
            let userID = try #require(UUID(uuidString: user.userID))
            try await server.database.transaction { db in try await db.raw("DELETE FROM users WHERE id = \(bind: userID)").run() }
            let left = try await server.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM farelens_saved_deals WHERE user_id = \(bind: userID)").first()?.decode(column: "n", as: Int.self)
            }
            #expect(left == 0)
        }
    }
}
