import AppServer
import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

/// Deals scoring ≥ 90 alerted as they are recorded (not at the next scheduled check), and the mute
/// list's bounds and transaction, on both databases at fixed instants in Tokyo.
@Suite("FareLens alerts: exceptional deals and mutes", .timeLimit(.minutes(3)))
struct AlertsExceptionalAPITests {
    /// 2026-03-02 06:00 UTC: 15:00 in Tokyo.
    static let tokyoThree = Date(timeIntervalSince1970: 1_772_431_200)

    static func with(
        _ database: TestDatabase, at start: Date, _ body: @escaping @Sendable (TestClient, TestClock, FareLensApp, ServerComponents) async throws -> Void
    ) async throws {
        let clock = TestClock(start)
        try await withIsolatedServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock)) { client, server in
            let app = try #require(server.apps.compactMap { $0 as? FareLensApp }.first)
            try await body(client, clock, app, server)
        }
    }

    static func watch(_ client: TestClient, _ member: AlertsAPITests.Member, _ origin: String, _ destination: String) async throws {
        let created = try await client.send(
            .post, FareLensRoutes.createWatchlist.endpoint.path, token: try await member.token(client), json: ["origin": origin, "destination": destination])
        #expect(created.status == .created, "\(created.text)")
    }

    @Test(
        "a ≥ 90 deal recorded at 15:00 Tokyo alerts its watchers at once (metro code included); 85 and other routes raise nothing; at 23:00 it waits for 07:00",
        arguments: TestDatabase.allCases)
    func exceptionalAtOnce(_ database: TestDatabase) async throws {
        try await Self.with(database, at: Self.tokyoThree) { client, clock, app, server in
            let (watcher, _) = try await AlertsAPITests.signIn(client, zone: "Asia/Tokyo")
            try await Self.watch(client, watcher, "TYO", "HNL")
            let (other, _) = try await AlertsAPITests.signIn(client, zone: "Asia/Tokyo")
            try await Self.watch(client, other, "NRT", "SFO")
            let (picky, _) = try await AlertsAPITests.signIn(client, zone: "Asia/Tokyo")
            try await Self.watch(client, picky, "NRT", "HNL")
            let threshold = try await client.send(.put, AlertsAPITests.preferences, token: try await picky.token(client), json: ["immediate_threshold": 95])
            #expect(threshold.status == .ok, "\(threshold.text)")

            try await app.dealRecording.record([AlertsAPITests.deal("NRT", "HNL", score: 85, airline: "JL")])
            try await server.scheduler.drain()
            #expect(try await AlertsAPITests.alerts(client, watcher).isEmpty, "85: waits for the scheduled check")

            try await app.dealRecording.record([AlertsAPITests.deal("NRT", "HNL", score: 92)])
            try await server.scheduler.drain()
            let sent = try await AlertsAPITests.alerts(client, watcher)
            #expect(sent.map(\.status) == [.sent] && sent.first?.dealScore == 92, "\(sent)")
            let outbox = try await client.send(.get, FareLensRoutes.platform.outbox.endpoint.path, token: try await watcher.token(client))
            #expect(outbox.text.contains("NRT → HNL"), "\(outbox.text)")
            #expect(try await AlertsAPITests.alerts(client, other).isEmpty, "another route: nothing")
            #expect(try await AlertsAPITests.alerts(client, picky).map(\.status) == [.belowThreshold], "a 95 threshold silences a 92")

            clock.advance(by: AlertsAPITests.tokyoEleven.timeIntervalSince(clock.now()))
            let (night, _) = try await AlertsAPITests.signIn(client, zone: "Asia/Tokyo")
            try await Self.watch(client, night, "NRT", "ICN")
            try await app.dealRecording.record([AlertsAPITests.deal("NRT", "ICN", score: 93)])
            try await server.scheduler.drain()
            let waiting = try await AlertsAPITests.alerts(client, night)
            #expect(waiting.map(\.status) == [.deferred] && waiting.first?.deliverAt == AlertsAPITests.tokyoSeven, "\(waiting)")
            clock.advance(by: AlertsAPITests.tokyoSeven.timeIntervalSince(clock.now()))
            _ = try await app.alerts.service.releaseDue()
            #expect(try await AlertsAPITests.alerts(client, night).map(\.status) == [.sent], "released at 07:00")
        }
    }

    @Test("POST /alerts/mutes: at most 200 routes (422 naming route), muting again answers the same mute, unknown codes are a 422", arguments: TestDatabase.allCases)
    func muteBounds(_ database: TestDatabase) async throws {
        try await Self.with(database, at: Self.tokyoThree) { client, _, _, _ in
            let (member, _) = try await AlertsAPITests.signIn(client, zone: "Asia/Tokyo")
            let token = try await member.token(client)
            for (origin, destination) in [("ZZZ", "QQQ"), ("NRT", "QQQ")] {
                let unknown = try await client.send(.post, AlertsAPITests.mutes, token: token, json: ["route": ["origin": origin, "destination": destination]])
                #expect(unknown.status == .unprocessableContent && unknown.text.contains("route"), "\(unknown.text)")
            }
            let badAirline = try await client.send(.post, AlertsAPITests.mutes, token: token, json: ["airline": "ZZZ"])
            #expect(badAirline.status == .unprocessableContent, "\(badAirline.text)")
            let codes = Array(Set(AirportCatalog.shipped.airports.map(\.iata).filter { $0.allSatisfy(\.isLetter) })).sorted().prefix(201)
            let routes = codes.map { ["origin": "NRT", "destination": $0] }.filter { $0["destination"] != "NRT" }.prefix(200)
            let put = try await client.send(.put, AlertsAPITests.preferences, token: token, json: ["muted_routes": Array(routes)])
            #expect(put.status == .ok, "\(put.text)")
            let again = try await client.send(.post, AlertsAPITests.mutes, token: token, json: ["route": routes.first!])
            #expect(again.status == .created, "already muted: the same mute, \(again.text)")
            let over = try await client.send(.post, AlertsAPITests.mutes, token: token, json: ["route": ["origin": "HND", "destination": "LAX"]])
            #expect(over.status == .unprocessableContent && over.text.contains("route") && over.text.contains("undo one first"), "\(over.text)")
            let airline = try await client.send(.post, AlertsAPITests.mutes, token: token, json: ["airline": "UA"])
            #expect(airline.status == .created, "airlines count on their own: \(airline.text)")
            let read = try await client.send(.get, AlertsAPITests.preferences, token: token).decode(AlertPreferences.self)
            #expect(read.mutedRoutes.count == 200 && read.mutedAirlines == ["UA"])
        }
    }

    @Test("PUT /alerts/preferences with only the threshold keeps every mute, also 20 PUTs against 20 mutes at once", arguments: TestDatabase.allCases)
    func putKeepsMutes(_ database: TestDatabase) async throws {
        try await Self.with(database, at: Self.tokyoThree) { client, _, _, _ in
            let (member, _) = try await AlertsAPITests.signIn(client, zone: "Asia/Tokyo")
            let token = try await member.token(client)
            let first = try await client.send(.post, AlertsAPITests.mutes, token: token, json: ["airline": "JL"])
            #expect(first.status == .created)
            #expect(try await client.send(.put, AlertsAPITests.preferences, token: token, json: ["immediate_threshold": 70]).status == .ok)
            let destinations = ["HNL", "SFO", "LAX", "SEA", "ICN", "SIN", "BKK", "SYD", "JFK", "ORD", "DEN", "BOS", "MIA", "ATL", "DFW", "LHR", "CDG", "FRA", "AMS", "MAD"]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, destination) in destinations.enumerated() {
                    group.addTask {
                        let mute = try await client.send(.post, AlertsAPITests.mutes, token: token, json: ["route": ["origin": "NRT", "destination": destination]])
                        #expect(mute.status == .created, "\(mute.text)")
                    }
                    group.addTask {
                        let put = try await client.send(.put, AlertsAPITests.preferences, token: token, json: ["immediate_threshold": 60 + index])
                        #expect(put.status == .ok, "\(put.text)")
                    }
                }
                try await group.waitForAll()
            }
            let read = try await client.send(.get, AlertsAPITests.preferences, token: token).decode(AlertPreferences.self)
            #expect(read.mutedAirlines == ["JL"] && Set(read.mutedRoutes.map(\.destination)) == Set(destinations), "\(read)")
        }
    }
}
