import AppServer
import Crypto
import FareLens
import FareLensAPI
import Foundation
import Notifications
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

/// FareLens's alerts on both databases at fixed instants: quiet hours 22–7 in the user's zone (a
/// 23:00 Tokyo alert waits for 07:00 Tokyo, ≥ 90 included), the tier's daily cap taken in queue
/// order, the 12-hour dedupe per route, the threshold, mutes with undo, silent pushes outside caps and
/// quiet hours, and the history that keeps every alert.
@Suite("FareLens alerts API", .timeLimit(.minutes(3)))
struct AlertsAPITests {
    /// 2026-03-02 14:00 UTC: 23:00 in Tokyo, 09:00 in New York.
    static let tokyoEleven = Date(timeIntervalSince1970: 1_772_460_000)
    /// 2026-03-02 22:00 UTC: 07:00 the next morning in Tokyo.
    static let tokyoSeven = tokyoEleven.addingTimeInterval(8 * 3600)
    /// 2026-03-03 03:00 UTC: 12:00 in Tokyo.
    static let tokyoNoon = tokyoEleven.addingTimeInterval(13 * 3600)
    static let departure = LocalDate(year: 2026, month: 4, day: 15)

    static var history: String { FareLensRoutes.alertHistory.endpoint.path }
    static var preferences: String { FareLensRoutes.alertPreferences.endpoint.path }
    static var mutes: String { FareLensRoutes.createAlertMute.endpoint.path }
    static var platformPreferences: String { FareLensRoutes.platform.notificationPreferences.endpoint.path }

    static func with(
        _ database: TestDatabase, at start: Date, push: (any PushProvider)? = nil,
        _ body: @escaping @Sendable (TestClient, TestClock, FareLensApp) async throws -> Void
    ) async throws {
        let clock = TestClock(start)
        // Isolated: `releaseDue()` offers every user's due alerts in the database, so a test running
        // alongside on the shared PostgreSQL database must not add its own to the count.
        try await withIsolatedServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(clock: clock, pushProvider: push)) { client, server in
            let app = try #require(server.apps.compactMap { $0 as? FareLensApp }.first)
            try await body(client, clock, app)
        }
    }

    /// A signed-in user: signs in again for each request (access tokens live an hour and the tests
    /// move the clock by hours).
    struct Member: Sendable {
        var email: String
        var id: UserID

        func token(_ client: TestClient) async throws -> String { try await client.signIn(email, app: "farelens").accessToken }
    }

    static func signIn(_ client: TestClient, zone: String, tier: String = "free") async throws -> (Member, UserID) {
        let email = "alerts-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let user = try await client.signIn(email, app: "farelens")
        let zoned = try await client.send(.put, platformPreferences, token: user.accessToken, json: ["timezone": zone])
        #expect(zoned.status == .ok, "\(zoned.text)")
        if tier != "free" {
            #expect(try await client.send(.post, FareLensRoutes.setDevTier.endpoint.path, token: user.accessToken, json: ["tier": tier]).status == .ok)
        }
        let id = UserID(UUID(uuidString: user.userID)!)
        return (Member(email: email, id: id), id)
    }

    static func deal(_ origin: String, _ destination: String, score: Int, price: Int = 40_000, airline: String = "UA") -> DealCandidate {
        DealCandidate(
            origin: origin, destination: destination, departureDate: departure, airline: airline, priceCents: price, currency: "USD", provider: .offline,
            score: DealScore(score: score, tier: DealTier(score: score), percentile: 10, confidence: 1, explanation: []), expiresAt: tokyoNoon.addingTimeInterval(86_400))
    }

    static func result(
        _ user: UserID, _ origin: String, _ destination: String, _ deals: [DealCandidate], at: Date, latest: Int? = nil, previous: Int? = nil
    ) -> WatchlistCheckResult {
        WatchlistCheckResult(
            watchlistID: UUID(), userID: user, origin: origin, destination: destination, latestPriceCents: latest ?? deals.map(\.priceCents).min(),
            previousPriceCents: previous, currency: "USD", matchingDeals: deals, checkedAt: at)
    }

    static func alerts(_ client: TestClient, _ user: Member) async throws -> [AlertHistoryEntry] {
        let response = try await client.send(.get, history + "?limit=100", token: try await user.token(client))
        #expect(response.status == .ok, "\(response.text)")
        // Every id lower-case, as the alert's push names it (`alert_id`) and as every FareLens id is.
        let ids = (response.json["data"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids.allSatisfy { $0 == $0.lowercased() }, "\(ids)")
        return try response.decode(FareLensList<AlertHistoryEntry>.self).data
    }

    @Test(
        "quiet hours 22–7 by default in the user's zone: ≥ 90 at 23:00 Tokyo waits for 07:00 Tokyo, at 12:00 goes at once; 09:00 New York goes at once",
        arguments: TestDatabase.allCases)
    func quietHours(_ database: TestDatabase) async throws {
        try await Self.with(database, at: Self.tokyoEleven) { client, clock, app in
            let (tokyo, tokyoID) = try await Self.signIn(client, zone: "Asia/Tokyo")
            let platform = try await client.send(.get, Self.platformPreferences, token: try await tokyo.token(client)).json
            #expect(platform["quiet_hours_start"] as? Int == 22 && platform["quiet_hours_end"] as? Int == 7, "FareLens's default: 22–7")
            let (newYork, newYorkID) = try await Self.signIn(client, zone: "America/New_York")

            try await app.alerts.service.deliver([Self.result(tokyoID, "NRT", "HNL", [Self.deal("NRT", "HNL", score: 95)], at: clock.now())], for: tokyoID)
            try await app.alerts.service.deliver([Self.result(newYorkID, "JFK", "LAX", [Self.deal("JFK", "LAX", score: 95)], at: clock.now())], for: newYorkID)
            let waiting = try await Self.alerts(client, tokyo)
            #expect(waiting.map(\.status) == [.deferred] && waiting.first?.deliverAt == Self.tokyoSeven, "\(waiting)")
            #expect(try await Self.alerts(client, newYork).map(\.status) == [.sent], "09:00 in New York is outside its quiet hours")

            clock.move(to: Self.tokyoSeven.addingTimeInterval(-60))
            #expect(try await app.alerts.service.releaseDue() == 0, "06:59 Tokyo: still quiet")
            clock.move(to: Self.tokyoSeven)
            #expect(try await app.alerts.service.releaseDue() == 1)
            #expect(try await Self.alerts(client, tokyo).map(\.status) == [.sent], "released at 07:00 Tokyo")
            let outbox = try await client.send(.get, FareLensRoutes.platform.outbox.endpoint.path, token: try await tokyo.token(client))
            #expect(outbox.text.contains("NRT → HNL"), "\(outbox.text)")

            clock.move(to: Self.tokyoNoon)
            try await app.alerts.service.deliver([Self.result(tokyoID, "NRT", "SFO", [Self.deal("NRT", "SFO", score: 92)], at: clock.now())], for: tokyoID)
            let noon = try await Self.alerts(client, tokyo)
            #expect(noon.first?.status == .sent && noon.first?.destination == "SFO" && noon.first?.deliverAt == nil, "\(noon)")
        }
    }

    @Test("daily caps of immediate alerts per tier in smart-queue order: Free 3 and Pro 6 sent, the rest kept as capped", arguments: TestDatabase.allCases)
    func capsPerTier(_ database: TestDatabase) async throws {
        try await Self.with(database, at: Self.tokyoNoon) { client, clock, app in
            let destinations = ["HNL", "SFO", "LAX", "SEA", "ICN", "SIN", "BKK", "SYD"]
            for (tier, cap) in [("free", 3), ("pro", 6)] {
                let (user, id) = try await Self.signIn(client, zone: "Asia/Tokyo", tier: tier)
                // Given worst first, so queue order (DealScore here) is what picks the sent ones.
                let results = destinations.enumerated().map { index, destination in
                    Self.result(id, "NRT", destination, [Self.deal("NRT", destination, score: 81 + index * 2)], at: clock.now())
                }
                try await app.alerts.service.deliver(results, for: id)
                let alerts = try await Self.alerts(client, user)
                #expect(alerts.count == destinations.count, "every alert kept")
                let sent = alerts.filter { $0.status == .sent }.map(\.dealScore).sorted(by: >)
                let capped = alerts.filter { $0.status == .capped }.map(\.dealScore)
                #expect(sent == Array((81...95).reversed().filter { ($0 - 81) % 2 == 0 }.prefix(cap)), "\(tier): the best \(cap) by queue score")
                #expect(capped.count == destinations.count - cap && capped.allSatisfy { $0 < sent.min()! }, "\(tier): \(alerts)")
            }
        }
    }

    @Test("the cap follows the smart queue, not DealScore: a preferred origin's 85 (queue 170) is sent before SFO's 93", arguments: TestDatabase.allCases)
    func capsInQueueOrder(_ database: TestDatabase) async throws {
        try await Self.with(database, at: Self.tokyoNoon) { client, clock, app in
            let (user, id) = try await Self.signIn(client, zone: "Asia/Tokyo")
            let preferred = try await client.send(
                .put, FareLensRoutes.updatePreferences.endpoint.path, token: try await user.token(client), json: ["preferred_airports": [["iata": "LAX"]]])
            #expect(preferred.status == .ok, "\(preferred.text)")
            let results = [
                Self.result(id, "SFO", "HNL", [Self.deal("SFO", "HNL", score: 95)], at: clock.now()),
                Self.result(id, "SFO", "NRT", [Self.deal("SFO", "NRT", score: 94)], at: clock.now()),
                Self.result(id, "SFO", "ICN", [Self.deal("SFO", "ICN", score: 93)], at: clock.now()),
                Self.result(id, "LAX", "SYD", [Self.deal("LAX", "SYD", score: 85)], at: clock.now()),
            ]
            try await app.alerts.service.deliver(results, for: id)
            let alerts = try await Self.alerts(client, user)
            #expect(Set(alerts.filter { $0.status == .sent }.map(\.destination)) == ["SYD", "HNL", "NRT"], "\(alerts)")
            #expect(alerts.filter { $0.status == .capped }.map(\.destination) == ["ICN"])
        }
    }

    @Test("dedupe is 12 hours per route: 11 h 59 min later deduplicated, 12 h 1 min later sent", arguments: TestDatabase.allCases)
    func dedupeWindowEdges(_ database: TestDatabase) async throws {
        // 09:30 in Tokyo, so both later deliveries (21:29, 21:31) fall outside quiet hours.
        try await Self.with(database, at: Self.tokyoNoon.addingTimeInterval(-2.5 * 3600)) { client, clock, app in
            let (user, id) = try await Self.signIn(client, zone: "Asia/Tokyo", tier: "pro")
            func deliver() async throws -> AlertStatus? {
                try await app.alerts.service.deliver([Self.result(id, "NRT", "HNL", [Self.deal("NRT", "HNL", score: 90)], at: clock.now())], for: id)
                return try await Self.alerts(client, user).first?.status
            }
            #expect(try await deliver() == .sent)
            clock.advance(by: 12 * 3600 - 60)
            #expect(try await deliver() == .deduplicated)
            clock.advance(by: 120)
            #expect(try await deliver() == .sent)
        }
    }

    @Test("a watchlist with alerts off raises no deal alert; another with alerts on does", arguments: TestDatabase.allCases)
    func alertsOff(_ database: TestDatabase) async throws {
        try await Self.with(database, at: Self.tokyoNoon) { client, clock, app in
            let (user, id) = try await Self.signIn(client, zone: "Asia/Tokyo", tier: "pro")
            var off = Self.result(id, "NRT", "HNL", [Self.deal("NRT", "HNL", score: 95)], at: clock.now())
            off.alertsEnabled = false
            try await app.alerts.service.deliver([off, Self.result(id, "NRT", "OKA", [Self.deal("NRT", "OKA", score: 92)], at: clock.now())], for: id)
            let alerts = try await Self.alerts(client, user)
            #expect(alerts.map(\.destination) == ["OKA"] && alerts.first?.status == .sent, "\(alerts)")
            #expect(alerts.first?.delivery == .delivered, "put in the local outbox (no APNs configured): \(alerts)")
        }
    }

    @Test("dedupe 12 h per user and route; a deal under the threshold (default 80, editable) is kept as below_threshold", arguments: TestDatabase.allCases)
    func dedupeAndThreshold(_ database: TestDatabase) async throws {
        try await Self.with(database, at: Self.tokyoNoon) { client, clock, app in
            let (user, id) = try await Self.signIn(client, zone: "Asia/Tokyo", tier: "pro")
            let service = app.alerts.service
            try await service.deliver(
                [Self.result(id, "NRT", "HNL", [Self.deal("NRT", "HNL", score: 88), Self.deal("NRT", "HNL", score: 85, price: 39_000)], at: clock.now())], for: id)
            #expect(try await Self.alerts(client, user).map(\.status).sorted { $0.rawValue < $1.rawValue } == [.deduplicated, .sent])
            clock.advance(by: 6 * 3600)  // 18:00 Tokyo
            try await service.deliver([Self.result(id, "NRT", "HNL", [Self.deal("NRT", "HNL", score: 90)], at: clock.now())], for: id)
            #expect(try await Self.alerts(client, user).first?.status == .deduplicated, "6 h later: same route")
            clock.move(to: Self.tokyoNoon.addingTimeInterval(-3600 + 86_400))  // 11:00 Tokyo the next day, 23 h after the first
            try await service.deliver([Self.result(id, "NRT", "HNL", [Self.deal("NRT", "HNL", score: 90)], at: clock.now())], for: id)
            #expect(try await Self.alerts(client, user).first?.status == .sent, "past 12 h")

            clock.advance(by: 1)
            try await service.deliver([Self.result(id, "NRT", "OKA", [Self.deal("NRT", "OKA", score: 79)], at: clock.now())], for: id)
            #expect(try await Self.alerts(client, user).first?.status == .belowThreshold)
            let raised = try await client.send(.put, Self.preferences, token: try await user.token(client), json: ["immediate_threshold": 95])
            #expect(raised.status == .ok && raised.json["immediate_threshold"] as? Int == 95, "\(raised.text)")
            clock.advance(by: 1)
            try await service.deliver([Self.result(id, "NRT", "CTS", [Self.deal("NRT", "CTS", score: 93)], at: clock.now())], for: id)
            #expect(try await Self.alerts(client, user).first?.status == .belowThreshold)
            for bad: [String: Any] in [
                ["immediate_threshold": 59], ["immediate_threshold": 101], ["muted_airlines": ["UAL"]], ["muted_routes": [["origin": "NRT", "destination": "nrt"]]],
            ] {
                let refused = try await client.send(.put, Self.preferences, token: try await user.token(client), json: bad)
                #expect(refused.status == .unprocessableContent && refused.errorFields == [bad.keys.first!], "\(bad): \(refused.text)")
            }
        }
    }

    @Test("mute a route or an airline, undo with DELETE; muted alerts are kept; another user's mute is a 404", arguments: TestDatabase.allCases)
    func muteAndUndo(_ database: TestDatabase) async throws {
        try await Self.with(database, at: Self.tokyoNoon) { client, clock, app in
            let (user, id) = try await Self.signIn(client, zone: "Asia/Tokyo", tier: "pro")
            let route = try await client.send(.post, Self.mutes, token: try await user.token(client), json: ["route": ["origin": "nrt", "destination": "HNL"]])
            #expect(route.status == .created, "\(route.text)")
            let routeMute = try route.decode(AlertMute.self)
            let airline = try await client.send(.post, Self.mutes, token: try await user.token(client), json: ["airline": "ke"])
            #expect(airline.status == .created && airline.json["airline"] as? String == "KE", "\(airline.text)")
            let settings = try await client.send(.get, Self.preferences, token: try await user.token(client)).decode(AlertPreferences.self)
            #expect(settings == AlertPreferences(immediateThreshold: 80, mutedRoutes: [MutedRoute(origin: "NRT", destination: "HNL")], mutedAirlines: ["KE"]))

            try await app.alerts.service.deliver(
                [
                    Self.result(id, "NRT", "HNL", [Self.deal("NRT", "HNL", score: 95)], at: clock.now()),
                    Self.result(id, "NRT", "ICN", [Self.deal("NRT", "ICN", score: 95, airline: "KE")], at: clock.now()),
                ], for: id)
            #expect(try await Self.alerts(client, user).map(\.status) == [.muted, .muted])

            let other = try await client.signIn(app: "farelens")
            #expect(try await client.send(.delete, Self.mutes + "/\(routeMute.id)", token: other.accessToken).status == .notFound)
            #expect(try await client.send(.delete, Self.mutes + "/\(routeMute.id)", token: try await user.token(client)).status == .noContent)
            #expect(try await client.send(.delete, Self.mutes + "/\(routeMute.id)", token: try await user.token(client)).status == .notFound)
            clock.advance(by: 1)
            try await app.alerts.service.deliver([Self.result(id, "NRT", "HNL", [Self.deal("NRT", "HNL", score: 95)], at: clock.now())], for: id)
            #expect(try await Self.alerts(client, user).first?.status == .sent, "unmuted")

            for bad: [String: Any] in [[:], ["airline": "KE", "route": ["origin": "NRT", "destination": "HNL"]], ["airline": "K"], ["route": ["origin": "NRT"]]] {
                let refused = try await client.send(.post, Self.mutes, token: try await user.token(client), json: bad)
                #expect(refused.status == .unprocessableContent, "\(bad): \(refused.text)")
            }
            // Paging: newest first, with a cursor.
            let page = try await client.send(.get, Self.history + "?limit=2", token: try await user.token(client))
            let cursor = try #require(page.headers[ListPagingHeader.next])
            let next = try await client.send(.get, Self.history + "?limit=2&cursor=\(cursor)", token: try await user.token(client))
            #expect(try next.decode(FareLensList<AlertHistoryEntry>.self).data.count == 1 && next.headers[ListPagingHeader.next] == nil)
            #expect(try await client.send(.get, Self.history + "?cursor=nonsense", token: try await user.token(client)).errorFields == ["cursor"])
            #expect(try await client.send(.get, Self.history + "?cursor=\(cursor)", token: other.accessToken).errorFields == ["cursor"], "another account's cursor")
            #expect(try await client.send(.get, Self.history + "?cursor=\(cursor)x", token: try await user.token(client)).errorFields == ["cursor"], "an altered cursor")
        }
    }

    @Test("silent push with the diff: background type, content-available, priority 5, no alert; not capped and not held by quiet hours", arguments: TestDatabase.allCases)
    func silentPush(_ database: TestDatabase) async throws {
        try await withFakeAPNs { fake in
            let clock0 = TestClock(Self.tokyoNoon)
            let apns = try APNsClient(
                configuration: APNsConfiguration(
                    teamID: "TEAM123456", keyID: "KEY1234567", privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation, topic: "com.example.farelens",
                    baseURL: fake.baseURL),
                client: fake.client, clock: clock0, sleep: { _ in })
            try await Self.with(database, at: Self.tokyoNoon, push: apns) { client, clock, app in
                let (user, id) = try await Self.signIn(client, zone: "Asia/Tokyo")
                let token = String(repeating: "ab", count: 32)
                let registered = try await client.send(
                    .post, FareLensRoutes.platform.registerDevice.endpoint.path, token: try await user.token(client), json: ["device_token": token, "platform": "ios"])
                #expect(registered.status == .ok, "\(registered.text)")
                // Use up the Free cap of 3.
                let full = ["HNL", "SFO", "LAX", "SEA"].map { Self.result(id, "NRT", $0, [Self.deal("NRT", $0, score: 95)], at: clock.now(), latest: 40_000, previous: 40_000) }
                try await app.alerts.service.deliver(full, for: id)
                let sent = try await Self.alerts(client, user).filter { $0.status == .sent }
                #expect(sent.count == 3 && sent.allSatisfy { $0.delivery == .delivered }, "pushed to the device: \(sent)")
                #expect(fake.received.value.allSatisfy { $0.pushType == "alert" } && fake.received.value.count == 3, "no diff, no silent push")

                let watchlist = UUID()
                var changed = Self.result(id, "NRT", "ICN", [], at: clock.now(), latest: 38_000, previous: 41_000)
                changed.watchlistID = watchlist
                try await app.alerts.service.deliver([changed], for: id)
                clock.move(to: Self.tokyoEleven.addingTimeInterval(86_400))  // 23:00 Tokyo
                changed.previousPriceCents = 38_000
                changed.latestPriceCents = 36_500
                try await app.alerts.service.deliver([changed], for: id)

                let silent = fake.received.value.filter { $0.pushType == "background" }
                #expect(silent.count == 2, "after the cap, and inside quiet hours")
                let first = try #require(silent.first)
                #expect(first.priority == "5")
                let aps = first.json["aps"] as? [String: Any]
                #expect(aps?.count == 1 && aps?["content-available"] as? Int == 1, "no alert, sound or badge: \(first.json)")
                #expect(first.json["watchlist_id"] as? String == watchlist.lowercasedString && first.json["latest_price_cents"] as? String == "38000")
                #expect(first.json["previous_price_cents"] as? String == "41000" && first.json["change_cents"] as? String == "-3000")
                #expect(try await Self.alerts(client, user).count == 4, "silent pushes are not alerts")
            }
        }
    }
}

extension TestClock {
    /// Puts the clock at `instant`.
    fileprivate func move(to instant: Date) { advance(by: instant.timeIntervalSince(now())) }
}
