import AppServer
import FareLens
import FareLensAPI
import Foundation
import PlatformCore
import TestSupport
import Testing

/// `GET/PUT /farelens/v1/preferences` through the HTTP API on both databases: the contract's tier
/// rules (Free 1 at 1.0, Pro up to 3 with default weights), the 403 and 422s, and what a downgrade
/// keeps and uses.
@Suite("FareLens preferred airports", .timeLimit(.minutes(3)))
struct WatchlistPreferencesAPITests {
    static var path: String { FareLensRoutes.preferences.endpoint.path }

    static func put(_ client: TestClient, _ user: SignedIn, _ airports: [[String: Any]]) async throws -> APIResponse {
        try await client.send(.put, path, token: user.accessToken, json: ["preferred_airports": airports])
    }

    static func get(_ client: TestClient, _ user: SignedIn) async throws -> [PreferredAirport] {
        try await client.send(.get, path, token: user.accessToken).decode(FareLensPreferences.self).preferredAirports
    }

    @Test("Free: one airport at 1.0, a second is a 403 tier_limit naming the limit, bad values are 422s", arguments: TestDatabase.allCases)
    func free(_ database: TestDatabase) async throws {
        try await WatchlistsAPITests.with(database) { client, _, _, _ in
            let user = try await client.signIn(app: "farelens")
            #expect(try await Self.get(client, user).isEmpty)
            let one = try await Self.put(client, user, [["iata": "lax"]])
            #expect(one.status == .ok, "\(one.text)")
            #expect(try await Self.get(client, user) == [PreferredAirport(iata: "LAX", weight: 1.0, priority: 1)])

            let two = try await Self.put(client, user, [["iata": "LAX"], ["iata": "SFO"]])
            #expect(two.status == .forbidden && two.errorCode == "tier_limit", "\(two.text)")
            #expect(two.text.contains("Free accounts have 1 preferred airport"), "\(two.text)")
            for (body, fields) in [
                ([["iata": "LAX", "weight": 0.5]], ["preferred_airports[0].weight"]),
                ([["iata": "LA"]], ["preferred_airports[0].iata"]),
                ([["iata": "LAX", "priority": 2]], ["preferred_airports[0].priority"]),
                ([["iata": "QQX"]], ["preferred_airports"]),
                ([["iata": 5]], ["preferred_airports[0].iata"]),
            ] as [([[String: Any]], [String])] {
                let response = try await Self.put(client, user, body)
                #expect(response.status == .unprocessableContent && response.errorFields == fields, "\(body): \(response.text)")
            }
            let missing = try await client.send(.put, Self.path, token: user.accessToken, json: [String: Any]())
            #expect(missing.status == .unprocessableContent && missing.errorFields == ["preferred_airports"], "\(missing.text)")
            #expect(try await Self.get(client, user).map(\.iata) == ["LAX"], "refusals change nothing")
            #expect(try await Self.put(client, user, []).status == .ok)
            #expect(try await Self.get(client, user).isEmpty, "an empty list clears")
        }
    }

    @Test(
        "Pro: up to three with default weights 0.6/0.3/0.1, a fourth is a 403; a downgrade keeps them but uses the first at 1.0; an upgrade brings them back",
        arguments: TestDatabase.allCases)
    func proAndDowngrade(_ database: TestDatabase) async throws {
        try await WatchlistsAPITests.with(database) { client, _, app, _ in
            let user = try await client.signIn(app: "farelens")
            let userID = UserID(try #require(UUID(uuidString: user.userID)))
            try await WatchlistsAPITests.setTier(client, user, "pro")
            let three = try await Self.put(client, user, [["iata": "SFO", "priority": 2], ["iata": "LAX", "priority": 1], ["iata": "OAK"]])
            #expect(three.status == .ok, "\(three.text)")
            let expected = [
                PreferredAirport(iata: "LAX", weight: 0.6, priority: 1), PreferredAirport(iata: "SFO", weight: 0.3, priority: 2),
                PreferredAirport(iata: "OAK", weight: 0.1, priority: 3),
            ]
            #expect(try three.decode(FareLensPreferences.self).preferredAirports == expected)
            #expect(try await Self.get(client, user) == expected)
            let four = try await Self.put(client, user, [["iata": "SFO"], ["iata": "LAX"], ["iata": "OAK"], ["iata": "SJC"]])
            #expect(four.status == .forbidden && four.errorCode == "tier_limit" && four.text.contains("at most 3"), "\(four.text)")
            let badWeight = try await Self.put(client, user, [["iata": "SFO", "weight": 1.5]])
            #expect(badWeight.errorFields == ["preferred_airports[0].weight"], "\(badWeight.text)")

            try await WatchlistsAPITests.setTier(client, user, "free")
            #expect(try await Self.get(client, user) == [PreferredAirport(iata: "LAX", weight: 1.0, priority: 1)])
            let inputs = WatchlistRankingInputs(watchlists: app.watchlists, preferences: app.preferences)
            #expect(try await inputs.preferredAirports(for: userID) == [PreferredAirport(iata: "LAX", weight: 1.0, priority: 1)])
            try await WatchlistsAPITests.setTier(client, user, "pro")
            #expect(try await inputs.preferredAirports(for: userID) == expected)
        }
    }
}
