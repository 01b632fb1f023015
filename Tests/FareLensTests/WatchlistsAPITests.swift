import AppServer
import FareLens
import FareLensAPI
import Foundation
import HTTPTypes
import PlatformCore
import TestSupport
import Testing

/// FareLens's watchlists through the HTTP API on both databases: CRUD with If-Match, every 422, the
/// Free tier's limit (also under concurrent creates), pausing on a downgrade and resuming on an
/// upgrade, the ranking inputs and watcher counts, export and deletion.
@Suite("FareLens watchlists", .timeLimit(.minutes(3)))
struct WatchlistsAPITests {
    static var path: String { FareLensRoutes.watchlists.endpoint.path }
    static var tierPath: String { FareLensRoutes.setDevTier.endpoint.path }
    /// 2026-03-01 12:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_772_366_400)

    static func with(_ database: TestDatabase, _ body: @Sendable (TestClient, TestClock, FareLensApp, ServerComponents) async throws -> Void) async throws {
        let clock = TestClock(start)
        try await withServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) { client, server in
            let app = try #require(server.apps.compactMap { $0 as? FareLensApp }.first)
            try await body(client, clock, app, server)
        }
    }

    static func create(_ client: TestClient, _ user: SignedIn, _ json: [String: Any]) async throws -> APIResponse {
        try await client.send(.post, path, token: user.accessToken, json: json)
    }

    static func created(_ client: TestClient, _ user: SignedIn, _ clock: TestClock, _ json: [String: Any]) async throws -> Watchlist {
        clock.advance(by: 1)
        let response = try await create(client, user, json)
        #expect(response.status == .created, "\(response.text)")
        return try response.decode(Watchlist.self)
    }

    static func list(_ client: TestClient, _ user: SignedIn) async throws -> [Watchlist] {
        try await client.send(.get, path + "?limit=100", token: user.accessToken).decode(FareLensList<Watchlist>.self).data
    }

    static func item(_ id: WatchlistID) -> String { path + "/" + id.description }

    static func setTier(_ client: TestClient, _ user: SignedIn, _ tier: String) async throws {
        let response = try await client.send(.post, tierPath, token: user.accessToken, json: ["tier": tier])
        #expect(response.status == .ok, "\(response.text)")
    }

    @Test("create, read, list newest first in {data} with paging, replace and delete; If-Match; another user's watchlist is a 404", arguments: TestDatabase.allCases)
    func crud(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _, _ in
            let user = try await client.signIn(app: "farelens")
            let first = try await Self.created(client, user, clock, ["origin": "lax", "destination": " nyc "])
            #expect(first.origin == "LAX" && first.destination == "NYC" && first.currency == "USD" && first.alertsEnabled && !first.paused)
            #expect(first.departureFrom == nil && first.maxPriceCents == nil)
            clock.advance(by: 1)
            let second = try await Self.create(
                client, user,
                [
                    "origin": "SFO", "destination": "LHR", "departure_from": "2026-04-01", "departure_to": "2026-04-30", "max_price_cents": 65_000,
                    "currency": "gbp", "alerts_enabled": false,
                ])
            #expect(second.status == .created, "\(second.text)")
            #expect(second.text.contains(#""departure_from":"2026-04-01""#) && second.text.contains(#""currency":"GBP""#), "\(second.text)")
            let v1 = try #require(second.headers[.eTag])
            let secondID = try second.decode(Watchlist.self).id

            let read = try await client.send(FareLensRoutes.watchlist, secondID, token: user.accessToken)
            #expect(read.status == .ok && read.headers[.eTag] == v1, "\(read.text)")

            let listed = try await client.send(FareLensRoutes.watchlists, token: user.accessToken)
            #expect(listed.status == .ok && listed.value?.data.count == 2, "\(listed.text)")
            #expect(listed.value?.data.map(\.id) == [secondID, first.id], "newest first")
            let page1 = try await client.send(.get, Self.path + "?limit=1", token: user.accessToken)
            let cursor = try #require(page1.headers[ListPagingHeader.next])
            #expect(try page1.decode(FareLensList<Watchlist>.self).data.map(\.id) == [secondID])
            let page2 = try await client.send(.get, Self.path + "?limit=1&cursor=\(cursor)", token: user.accessToken)
            #expect(try page2.decode(FareLensList<Watchlist>.self).data.map(\.id) == [first.id] && page2.headers[ListPagingHeader.next] == nil)
            #expect(try await client.send(.get, Self.path + "?cursor=nonsense", token: user.accessToken).errorFields == ["cursor"])

            // PUT replaces: the absent optional fields go back to their defaults.
            clock.advance(by: 1)
            var headers: HTTPFields = [.ifMatch: v1]
            headers[.contentType] = "application/json"
            let replaced = try await client.send(
                .put, Self.item(secondID), token: user.accessToken, body: Data(#"{"origin":"SFO","destination":"LON"}"#.utf8), headers: headers)
            #expect(replaced.status == .ok, "\(replaced.text)")
            let after = try replaced.decode(Watchlist.self)
            #expect(after.destination == "LON" && after.departureFrom == nil && after.maxPriceCents == nil && after.currency == "USD" && after.alertsEnabled)
            #expect(after.createdAt == (try #require(read.value)).createdAt && after.updatedAt > after.createdAt)
            let stale = try await client.send(.put, Self.item(secondID), token: user.accessToken, body: Data(#"{"origin":"SFO","destination":"CDG"}"#.utf8), headers: headers)
            #expect(stale.status == .preconditionFailed, "\(stale.text)")
            let staleDelete = try await client.send(.delete, Self.item(secondID), token: user.accessToken, headers: [.ifMatch: v1])
            #expect(staleDelete.status == .preconditionFailed)

            // Another user sees none of it.
            let other = try await client.signIn(app: "farelens")
            #expect(try await Self.list(client, other).isEmpty)
            #expect(try await client.send(.get, Self.item(secondID), token: other.accessToken).status == .notFound)
            #expect(try await client.send(.put, Self.item(secondID), token: other.accessToken, json: ["origin": "SFO", "destination": "CDG"]).status == .notFound)
            #expect(try await client.send(.delete, Self.item(secondID), token: other.accessToken).status == .notFound)
            #expect(try await client.send(.get, Self.path + "/not-a-uuid", token: user.accessToken).status == .notFound)

            #expect(try await client.send(.delete, Self.item(secondID), token: user.accessToken).status == .noContent)
            #expect(try await client.send(.get, Self.item(secondID), token: user.accessToken).status == .notFound)
            #expect(try await client.send(.delete, Self.item(secondID), token: user.accessToken).status == .notFound)
            #expect(try await Self.list(client, user).map(\.id) == [first.id])
        }
    }

    @Test("every bad field is a 422 naming it, on POST and PUT", arguments: TestDatabase.allCases)
    func validation(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _, _ in
            let user = try await client.signIn(app: "farelens")
            let cases: [([String: Any], [String])] = [
                ([:], ["origin", "destination"]),
                (["origin": "LAX"], ["destination"]),
                (["origin": "QQX", "destination": "LAX"], ["origin"]),
                (["origin": "LA", "destination": "JFKX"], ["origin", "destination"]),
                (["origin": "L@X", "destination": "JFK"], ["origin"]),
                (["origin": "LAX", "destination": "lax"], ["destination"]),
                (["origin": "NYC", "destination": "JFK"], ["destination"]),
                (["origin": "LAX", "destination": "JFK", "departure_from": "2026-05-02", "departure_to": "2026-05-01"], ["departure_to"]),
                (["origin": "LAX", "destination": "JFK", "departure_from": "2026-01-01", "departure_to": "2026-02-28"], ["departure_to"]),
                (["origin": "LAX", "destination": "JFK", "departure_from": "2026-13-01"], ["departure_from"]),
                (["origin": "LAX", "destination": "JFK", "max_price_cents": 0], ["max_price_cents"]),
                (["origin": "LAX", "destination": "JFK", "max_price_cents": -5], ["max_price_cents"]),
                (["origin": "LAX", "destination": "JFK", "max_price_cents": 10_000_001], ["max_price_cents"]),
                (["origin": "LAX", "destination": "JFK", "currency": "XYZ"], ["currency"]),
                (["origin": "LAX", "destination": "JFK", "currency": "DOLLARS"], ["currency"]),
                (["origin": 7, "destination": "JFK"], ["origin"]),
                (["origin": "LAX", "destination": "JFK", "max_price_cents": "cheap"], ["max_price_cents"]),
                (["origin": "LAX", "destination": "JFK", "alerts_enabled": "yes"], ["alerts_enabled"]),
                (["origin": "LAX", "destination": "JFK", "max_price_cents": 1.5], ["max_price_cents"]),
            ]
            let existing = try await Self.created(client, user, clock, ["origin": "LAX", "destination": "JFK"])
            for (body, fields) in cases {
                let created = try await Self.create(client, user, body)
                #expect(created.status == .unprocessableContent, "\(body): \(created.text)")
                #expect(Set(created.errorFields) == Set(fields), "\(body): \(created.text)")
                let replaced = try await client.send(.put, Self.item(existing.id), token: user.accessToken, json: body)
                #expect(replaced.status == .unprocessableContent && Set(replaced.errorFields) == Set(fields), "PUT \(body): \(replaced.text)")
            }
            // A window reaching today is fine, as is a window without an end that began in the past.
            #expect(try await Self.create(client, user, ["origin": "LAX", "destination": "JFK", "departure_to": "2026-03-01"]).status == .created)
            #expect(try await Self.list(client, user).count == 2)
        }
    }

    @Test("Free keeps 2 active watchlists: the third is a 403 tier_limit naming the limit; Pro has no limit", arguments: TestDatabase.allCases)
    func tierLimit(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _, _ in
            let user = try await client.signIn(app: "farelens")
            _ = try await Self.created(client, user, clock, ["origin": "LAX", "destination": "JFK"])
            _ = try await Self.created(client, user, clock, ["origin": "LAX", "destination": "JFK"])
            let third = try await Self.create(client, user, ["origin": "SFO", "destination": "LHR"])
            #expect(third.status == .forbidden, "\(third.text)")
            let error = try #require(third.json["error"] as? [String: Any])
            #expect(error["code"] as? String == "tier_limit")
            #expect((error["message"] as? String)?.contains("Free accounts can keep 2 watchlists") == true, "\(third.text)")
            // Invalid input is still a 422 first.
            #expect(try await Self.create(client, user, ["origin": "SFO"]).status == .unprocessableContent)
            #expect(try await Self.list(client, user).count == 2)

            try await Self.setTier(client, user, "pro")
            for _ in 0..<4 { _ = try await Self.created(client, user, clock, ["origin": "SFO", "destination": "LHR"]) }
            #expect(try await Self.list(client, user).count == 6)
        }
    }

    @Test("five concurrent creates by a Free user make exactly two watchlists", arguments: TestDatabase.allCases)
    func concurrentCreates(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, _, _, _ in
            let user = try await client.signIn(app: "farelens")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<5 { group.addTask { try await Self.create(client, user, ["origin": "LAX", "destination": "JFK"]).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 2 && statuses.filter { $0 == .forbidden }.count == 3, "\(statuses)")
            #expect(try await Self.list(client, user).count == 2)
        }
    }

    @Test(
        "a downgrade pauses the newest beyond the limit, never deletes; paused ones do not count, rank or watch, and resume only with room; an upgrade resumes them",
        arguments: TestDatabase.allCases)
    func downgradeAndUpgrade(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, app, _ in
            let user = try await client.signIn(app: "farelens")
            try await Self.setTier(client, user, "pro")
            let userID = UserID(try #require(UUID(uuidString: user.userID)))
            // Watcher counts are server-wide (the shared PostgreSQL database keeps other runs' rows).
            let watchers = try await app.watchlists.watcherCount(origin: "JFK", destination: "LHR")
            let w1 = try await Self.created(client, user, clock, ["origin": "NYC", "destination": "LON"])
            let w2 = try await Self.created(client, user, clock, ["origin": "SFO", "destination": "LHR"])
            let w3 = try await Self.created(client, user, clock, ["origin": "JFK", "destination": "LHR"])
            let w4 = try await Self.created(client, user, clock, ["origin": "BOS", "destination": "CDG"])
            #expect(try await app.watchlists.watcherCount(origin: "JFK", destination: "LHR") == watchers + 2, "NYC→LON and JFK→LHR")

            clock.advance(by: 1)
            try await Self.setTier(client, user, "free")
            let afterDowngrade = try await Self.list(client, user)
            #expect(afterDowngrade.map(\.id) == [w4.id, w3.id, w2.id, w1.id], "nothing deleted")
            #expect(afterDowngrade.map(\.paused) == [true, true, false, false], "the newest are paused")
            let inputs = WatchlistRankingInputs(watchlists: app.watchlists, preferences: app.preferences)
            #expect(try await inputs.watchlistCriteria(for: userID) == [w1.criteria, w2.criteria])
            #expect(try await app.watchlists.watcherCount(origin: "JFK", destination: "LHR") == watchers + 1, "the paused JFK→LHR no longer watches")

            // Full: neither a new one nor resuming a paused one.
            #expect(try await Self.create(client, user, ["origin": "LAX", "destination": "JFK"]).status == .forbidden)
            let resume = try await client.send(.put, Self.item(w3.id), token: user.accessToken, json: ["origin": "JFK", "destination": "LHR", "paused": false])
            #expect(resume.status == .forbidden && resume.errorCode == "tier_limit", "\(resume.text)")
            // Editing a paused one keeps it paused.
            let edited = try await client.send(.put, Self.item(w4.id), token: user.accessToken, json: ["origin": "BOS", "destination": "ORY"])
            #expect(try edited.status == .ok && edited.decode(Watchlist.self).paused, "\(edited.text)")

            // With room, it resumes; pausing one by hand frees a slot.
            #expect(try await client.send(.delete, Self.item(w2.id), token: user.accessToken).status == .noContent)
            let resumed = try await client.send(.put, Self.item(w3.id), token: user.accessToken, json: ["origin": "JFK", "destination": "LHR", "paused": false])
            #expect(try resumed.status == .ok && !resumed.decode(Watchlist.self).paused, "\(resumed.text)")
            let pausedByHand = try await client.send(.put, Self.item(w1.id), token: user.accessToken, json: ["origin": "NYC", "destination": "LON", "paused": true])
            #expect(try pausedByHand.status == .ok && pausedByHand.decode(Watchlist.self).paused, "\(pausedByHand.text)")
            #expect(try await inputs.watchlistCriteria(for: userID) == [w3.criteria])

            // The upgrade resumes what the downgrade paused; the one paused by hand stays paused.
            try await Self.setTier(client, user, "pro")
            let afterUpgrade = try await Self.list(client, user)
            #expect(afterUpgrade.map(\.id) == [w4.id, w3.id, w1.id] && afterUpgrade.map(\.paused) == [false, false, true], "\(afterUpgrade)")
        }
    }

    @Test("a downgrade to Free with one slot free resumes the oldest paused first")
    func resumeOrder() async throws {
        try await Self.with(.sqlite) { client, clock, _, _ in
            let user = try await client.signIn(app: "farelens")
            try await Self.setTier(client, user, "pro")
            let ids = try await (0..<4).asyncMap { _ in try await Self.created(client, user, clock, ["origin": "LAX", "destination": "JFK"]).id }
            try await Self.setTier(client, user, "free")
            #expect(try await client.send(.delete, Self.item(ids[0]), token: user.accessToken).status == .noContent)
            // Setting the tier again fills the freed slot with the oldest paused one.
            try await Self.setTier(client, user, "free")
            let listed = try await Self.list(client, user)
            #expect(listed.map(\.id) == [ids[3], ids[2], ids[1]] && listed.map(\.paused) == [true, false, false], "\(listed)")
        }
    }

    @Test("the export holds the watchlists and preferred airports; deleting the account deletes their rows", arguments: TestDatabase.allCases)
    func exportAndDeletion(_ database: TestDatabase) async throws {
        try await Self.with(database) { client, clock, _, server in
            let user = try await client.signIn(app: "farelens")
            let survivor = try await client.signIn(app: "farelens")
            for person in [user, survivor] {
                _ = try await Self.created(client, person, clock, ["origin": "LAX", "destination": "JFK"])
                let prefs = try await client.send(.put, FareLensRoutes.preferences.endpoint.path, token: person.accessToken, json: ["preferred_airports": [["iata": "LAX"]]])
                #expect(prefs.status == .ok, "\(prefs.text)")
            }
            let export = try await client.send(.get, FareLensRoutes.platform.export.endpoint.path, token: user.accessToken)
            #expect(export.status == .ok, "\(export.text)")
            #expect(export.text.contains(#""watchlists":[{"#) && export.text.contains(#""preferred_airports":[{"iata":"LAX""#), "\(export.text)")
            #expect(try await client.send(.delete, FareLensRoutes.platform.deleteAccount.endpoint.path, token: user.accessToken).status == .ok)
            let ids = [UUID(uuidString: user.userID)!, UUID(uuidString: survivor.userID)!]
            for table in ["farelens_watchlists", "farelens_preferences"] {
                let owners = try await server.database.read { db in
                    try await db.raw("SELECT user_id FROM \(unsafeRaw: table) WHERE user_id IN (\(binds: ids))").all().map { try $0.uuid("user_id") }
                }
                #expect(owners == [ids[1]], "\(table)")
            }
        }
    }
}

/// The paging header's name, as tests read it.
enum ListPagingHeader {
    static let next = HTTPField.Name("X-Next-Cursor")!
}

extension Sequence {
    /// `transform` of each element, one after another.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
