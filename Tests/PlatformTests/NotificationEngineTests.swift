import AppServer
import Auth
import Crypto
import Foundation
import Jobs
import KnotAPI
import KnotTestSupport
import Logging
import Notifications
import PlatformCore
import TestSupport
import Testing

@Suite("Quiet hours", .timeLimit(.minutes(3)))
struct QuietHoursTests {
    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
    static let newYork = TimeZone(identifier: "America/New_York")!

    @Test("a window across midnight: 22:00 is quiet, 08:00 is not; a notice at 23:00 or 03:00 moves to 08:00")
    func acrossMidnight() {
        let quiet = QuietHours(start: 22, end: 8, timeZone: Self.newYork)
        #expect(quiet.contains(Self.instant("2026-06-11T02:00:00Z")), "22:00 EDT")
        #expect(!quiet.contains(Self.instant("2026-06-11T12:00:00Z")), "08:00 EDT")
        #expect(!quiet.contains(Self.instant("2026-06-11T01:59:00Z")), "21:59 EDT")
        #expect(Self.iso(quiet.deliveryTime(for: Self.instant("2026-06-11T03:00:00Z"))) == "2026-06-11T12:00:00Z", "23:00 → 08:00 next day")
        #expect(Self.iso(quiet.deliveryTime(for: Self.instant("2026-06-11T07:00:00Z"))) == "2026-06-11T12:00:00Z", "03:00 → 08:00 same day")
        let noon = Self.instant("2026-06-11T16:00:00Z")
        #expect(quiet.deliveryTime(for: noon) == noon)
    }

    @Test("a window within one day, and an empty window")
    func sameDayAndDisabled() {
        let early = QuietHours(start: 1, end: 6, timeZone: Self.newYork)
        #expect(early.contains(Self.instant("2026-06-11T07:30:00Z")), "03:30 EDT")
        #expect(!early.contains(Self.instant("2026-06-11T10:00:00Z")), "06:00 EDT")
        #expect(!early.contains(Self.instant("2026-06-11T03:00:00Z")), "23:00 EDT")
        #expect(!QuietHours(start: 9, end: 9, timeZone: Self.newYork).contains(Self.instant("2026-06-11T13:00:00Z")))
    }

    @Test("daylight-saving changes: the end of the window is local time on that date")
    func daylightSaving() {
        let quiet = QuietHours(start: 22, end: 8, timeZone: Self.newYork)
        // 2026-03-08: clocks go from 02:00 EST to 03:00 EDT. 23:00 EST on the 7th → 08:00 EDT = 12:00Z.
        #expect(Self.iso(quiet.deliveryTime(for: Self.instant("2026-03-08T04:00:00Z"))) == "2026-03-08T12:00:00Z")
        // 2026-11-01: clocks go from 02:00 EDT back to 01:00 EST. 23:00 EDT on Oct 31 → 08:00 EST = 13:00Z.
        #expect(Self.iso(quiet.deliveryTime(for: Self.instant("2026-11-01T03:00:00Z"))) == "2026-11-01T13:00:00Z")
        // A window ending at 02:00 on the night 02:00 does not exist ends at the first valid time, 03:00 EDT.
        let shortNight = QuietHours(start: 23, end: 2, timeZone: Self.newYork)
        #expect(Self.iso(shortNight.deliveryTime(for: Self.instant("2026-03-08T05:30:00Z"))) == "2026-03-08T07:00:00Z")
    }

    @Test("time zones east and west of UTC; unknown zones fall back to New York")
    func zones() {
        let tokyo = QuietHours(start: 22, end: 8, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(tokyo.contains(Self.instant("2026-01-10T14:00:00Z")), "23:00 JST")
        #expect(Self.iso(tokyo.deliveryTime(for: Self.instant("2026-01-10T14:00:00Z"))) == "2026-01-10T23:00:00Z", "08:00 JST next day")
        let honolulu = QuietHours(start: 22, end: 8, timeZone: TimeZone(identifier: "Pacific/Honolulu")!)
        #expect(Self.iso(honolulu.deliveryTime(for: Self.instant("2026-01-10T09:00:00Z"))) == "2026-01-10T18:00:00Z", "23:00 HST → 08:00 HST")
        #expect(QuietHours.zone("Not/AZone").identifier == "America/New_York")
        #expect(QuietHours.zone(nil, fallback: "Europe/Paris").identifier == "Europe/Paris")
    }
}

@Suite("Notification engine", .timeLimit(.minutes(3)))
struct NotificationEngineTests {
    static func notification(_ user: UserID, key: String = UUID().uuidString, dedupe: String? = nil, priority: Int = 0) -> OutgoingNotification {
        OutgoingNotification(
            app: .knot, user: user, title: "Alex's Birthday is in 7 days", body: "I've found 3 Romantic options based on their interests. Tap to see them.",
            privateTitle: "A milestone is coming up in 7 days", privateBody: "I've found 3 ideas for it. Tap to see them in Knot.",
            category: "MILESTONE_REMINDER", threadID: "milestone-1", data: ["milestone_id": "m1"], idempotencyKey: key, dedupeKey: dedupe, priority: priority
        )
    }

    static func engine(_ server: ServerComponents, clock: any TimeSource, rules: DeliveryRules = DeliveryRules(), push: (any PushProvider)? = nil) -> NotificationEngine {
        NotificationEngine(
            database: server.database, accounts: AccountRepository(database: server.database, clock: clock), push: push, clock: clock, rules: [.knot: rules],
            logger: Logger(label: "test"))
    }

    static let noon = Date(timeIntervalSince1970: 1_781_193_600)  // 2026-06-11T16:00:00Z, 12:00 in New York

    @Test("without APNs a notification lands in the owner's outbox once per idempotency key", arguments: TestDatabase.allCases)
    func outboxOnce(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.noon)
        try await withServer(database, dependencies: .init(clock: clock)) { client, server in
            let owner = try await client.signIn(), other = try await client.signIn()
            let user = UserID(UUID(uuidString: owner.userID)!)
            let engine = Self.engine(server, clock: clock)
            let note = Self.notification(user, key: "reminder-\(UUID())")
            #expect(try await engine.deliver(note) == .delivered(channel: "outbox", devices: 0))
            #expect(try await engine.deliver(note) == .alreadyDelivered)
            let outbox = try await client.send(.get, "/knot/api/v1/users/me/outbox", token: owner.accessToken)
            #expect(outbox.status == .ok)
            let entries = outbox.json["notifications"] as? [[String: Any]] ?? []
            #expect(entries.count == 1)
            #expect(entries.first?["visible_title"] as? String == "Alex's Birthday is in 7 days")
            #expect((entries.first?["data"] as? [String: String])?["milestone_id"] == "m1")
            let theirs = try await client.send(.get, "/knot/api/v1/users/me/outbox", token: other.accessToken)
            #expect((theirs.json["notifications"] as? [Any])?.isEmpty == true, "nobody else sees it")
            #expect(try await client.send(.get, "/knot/api/v1/users/me/outbox?limit=0", token: owner.accessToken).status == .unprocessableContent)
            #expect(try await client.send(.get, "/knot/api/v1/users/me/outbox").status == .unauthorized)
        }
    }

    @Test("a category the app's rules let through quiet hours is delivered inside them; every other category still waits for their end", arguments: TestDatabase.allCases)
    func quietHoursBypass(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.noon)
        try await withServer(database, dependencies: .init(clock: clock)) { client, server in
            let owner = try await client.signIn()
            let user = UserID(UUID(uuidString: owner.userID)!)
            let engine = Self.engine(server, clock: clock, rules: DeliveryRules(quietHoursBypass: ["CHOSEN_TIME"]))
            _ = try await client.send(
                .put, "/knot/api/v1/users/me/notification-preferences", token: owner.accessToken,
                json: ["quiet_hours_start": 11, "quiet_hours_end": 13, "timezone": "America/New_York"])
            var chosen = Self.notification(user)
            chosen.category = "CHOSEN_TIME"
            #expect(try await engine.deliver(chosen) == .delivered(channel: "outbox", devices: 0), "12:00 is inside 11–13, and it goes out")
            #expect(try await engine.gate(user: user, app: .knot, category: "CHOSEN_TIME") == nil)
            #expect(try await engine.deliver(Self.notification(user)) == .deferred(until: Self.noon.addingTimeInterval(3600)), "another category waits until 13:00")
            var uncategorised = Self.notification(user)
            uncategorised.category = nil
            #expect(try await engine.deliver(uncategorised) == .deferred(until: Self.noon.addingTimeInterval(3600)), "so does one without a category")
            #expect(try await engine.gate(user: user, app: .knot) == .deferred(until: Self.noon.addingTimeInterval(3600)))
            #expect(!DeliveryRules(respectQuietHours: false).holdsForQuietHours(category: nil))
        }
    }

    @Test("preferences: off means nothing is sent; quiet hours defer to their end; hidden details keep names off the lock screen", arguments: TestDatabase.allCases)
    func preferences(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.noon)
        try await withServer(database, dependencies: .init(clock: clock)) { client, server in
            let owner = try await client.signIn()
            let user = UserID(UUID(uuidString: owner.userID)!)
            let engine = Self.engine(server, clock: clock)
            let path = "/knot/api/v1/users/me/notification-preferences"
            _ = try await client.send(.put, path, token: owner.accessToken, json: ["notifications_enabled": false])
            #expect(try await engine.deliver(Self.notification(user)) == .disabled)

            _ = try await client.send(
                .put, path, token: owner.accessToken, json: ["notifications_enabled": true, "quiet_hours_start": 11, "quiet_hours_end": 13, "timezone": "America/New_York"])
            #expect(try await engine.deliver(Self.notification(user)) == .deferred(until: Self.noon.addingTimeInterval(3600)), "12:00 is inside 11–13; 13:00 EDT")

            let updated = try await client.send(.put, path, token: owner.accessToken, json: ["quiet_hours_start": 22, "quiet_hours_end": 8, "hide_notification_details": true])
            #expect(updated.json["hide_notification_details"] as? Bool == true)
            #expect(try await engine.deliver(Self.notification(user)).wasDelivered)
            let entry = try #require(try await engine.deliveries(for: user, app: .knot).first)
            #expect(entry.visibleTitle == "A milestone is coming up in 7 days" && !entry.visibleBody.contains("Alex"))
            #expect(entry.title.contains("Alex"), "the full text stays available inside the app")
            #expect(try await client.send(.put, path, token: owner.accessToken, json: ["hide_notification_details": "yes"]).status == .unprocessableContent)
        }
    }

    @Test("a dedupe window drops repeats of a key; a daily cap goes to the highest-priority notifications", arguments: TestDatabase.allCases)
    func dedupeAndCaps(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.noon)
        try await withIsolatedServer(database, dependencies: .init(clock: clock)) { client, server in
            let owner = try await client.signIn()
            let user = UserID(UUID(uuidString: owner.userID)!)
            let deduping = Self.engine(server, clock: clock, rules: DeliveryRules(respectQuietHours: false, dedupeWindow: 12 * 3600))
            #expect(try await deduping.deliver(Self.notification(user, dedupe: "JFK-LAX")).wasDelivered)
            clock.advance(by: 11 * 3600)
            #expect(try await deduping.deliver(Self.notification(user, dedupe: "JFK-LAX")) == .deduplicated)
            #expect(try await deduping.deliver(Self.notification(user, dedupe: "JFK-SFO")).wasDelivered, "another key is not a duplicate")
            clock.advance(by: 2 * 3600)
            #expect(try await deduping.deliver(Self.notification(user, dedupe: "JFK-LAX")).wasDelivered, "after 12 hours it may go again")

            // Next day (New York): a cap of 2, three due at once with priorities 1, 5 and 3.
            clock.advance(by: 24 * 3600)
            let capped = Self.engine(server, clock: clock, rules: DeliveryRules(respectQuietHours: false, dailyCap: 2))
            let scheduler = JobScheduler(queue: JobQueue(database: server.database, clock: clock), clock: clock, logger: Logger(label: "test"))
            let outcomes = LockedValue<[Int: DeliveryResult]>([:])
            scheduler.register("alert") { job in
                let priority = Int(job.payload)!
                let result = try await capped.deliver(Self.notification(user, priority: priority))
                outcomes.withLock { $0[priority] = result }
                return .completed
            }
            for priority in [1, 5, 3] {
                try await scheduler.queue.enqueue(NewJob(kind: "alert", payload: String(priority), runAt: clock.now(), priority: priority))
            }
            try await scheduler.drain()
            #expect(outcomes.value[5]?.wasDelivered == true && outcomes.value[3]?.wasDelivered == true)
            #expect(outcomes.value[1] == .capped)
        }
    }

    @Test("a notification held back (no device) is decided afresh on a retry, not reported as delivered", arguments: TestDatabase.allCases)
    func heldBackIsRetried(_ database: TestDatabase) async throws {
        struct Accepting: PushProvider {
            func send(_ payload: APNsPayload, to deviceToken: String) async -> PushOutcome { .accepted(apnsID: "id") }
        }
        let clock = TestClock(Self.noon)
        try await withServer(database, dependencies: .init(clock: clock)) { client, server in
            let owner = try await client.signIn()
            let user = UserID(UUID(uuidString: owner.userID)!)
            let engine = Self.engine(server, clock: clock, push: Accepting())
            let note = Self.notification(user, key: "held-\(UUID())")
            #expect(try await engine.deliver(note) == .noDevices)
            _ = try await client.send(.post, "/knot/api/v1/users/device-token", token: owner.accessToken, json: ["device_token": String(repeating: "0a", count: 32)])
            #expect(try await engine.deliver(note) == .delivered(channel: "apns", devices: 1))
            #expect(try await engine.deliver(note) == .alreadyDelivered)
        }
    }

    @Test("APNs over HTTP/2: provider token, the app's topic, headers and payload; invalid tokens are removed; 429 is retried", arguments: TestDatabase.allCases)
    func apnsDelivery(_ database: TestDatabase) async throws {
        try await withFakeAPNs { fake in
            let key = P256.Signing.PrivateKey()
            let clock = TestClock(Self.noon)
            let apns = try APNsClient(
                configuration: APNsConfiguration(
                    teamID: "TEAM123456", keyID: "KEY1234567", privateKeyPEM: key.pemRepresentation, topic: "com.example.default", topicsByApp: [.knot: "com.example.knot"],
                    baseURL: fake.baseURL),
                client: fake.client, clock: clock, sleep: { _ in }
            )
            try await withServer(database, dependencies: .init(clock: clock, pushProvider: apns)) { client, server in
                let owner = try await client.signIn()
                let user = UserID(UUID(uuidString: owner.userID)!)
                let good = String(repeating: "ab", count: 32), gone = String(repeating: "cd", count: 32), bad = String(repeating: "ef", count: 32)
                for token in [good, gone, bad] {
                    #expect(
                        try await client.send(.post, "/knot/api/v1/users/device-token", token: owner.accessToken, json: ["device_token": token, "platform": "ios"]).status == .ok)
                }
                fake.script(gone, [(410, "Unregistered")])
                fake.script(bad, [(400, "BadDeviceToken")])
                fake.script(good, [(429, "TooManyProviderTokenUpdates")])
                let result = try await server.notifications.deliver(Self.notification(user, key: "k-\(UUID())"))
                #expect(result == .delivered(channel: "apns", devices: 1))

                let requests = fake.received.value
                #expect(requests.filter { $0.token == good }.count == 2, "the 429 was retried")
                let first = try #require(requests.first)
                #expect(first.scheme == "https", "HTTP/2 (the :scheme pseudo-header)")
                #expect(first.topic == "com.example.knot" && first.pushType == "alert" && first.priority == "10", "the app's own topic, not the default")
                #expect(apns.configuration.topic(for: AppID("other")) == "com.example.default")
                let aps = first.json["aps"] as? [String: Any]
                let alert = aps?["alert"] as? [String: String]
                #expect(alert?["title"] == "Alex's Birthday is in 7 days")
                #expect(aps?["category"] as? String == "MILESTONE_REMINDER" && aps?["thread-id"] as? String == "milestone-1")
                #expect(first.json["milestone_id"] as? String == "m1")

                // The provider token is an ES256 JWT for the team, verifiable with the key's public half.
                let jwt = try #require(first.authorization?.replacingOccurrences(of: "bearer ", with: ""))
                let parts = jwt.split(separator: ".").map(String.init)
                #expect(parts.count == 3)
                let header = try JSONSerialization.jsonObject(with: base64URL(parts[0])) as? [String: Any]
                let claims = try JSONSerialization.jsonObject(with: base64URL(parts[1])) as? [String: Any]
                #expect(header?["alg"] as? String == "ES256" && header?["kid"] as? String == "KEY1234567")
                #expect(claims?["iss"] as? String == "TEAM123456" && (claims?["iat"] as? Int) == Int(Self.noon.timeIntervalSince1970))
                let signature = try P256.Signing.ECDSASignature(rawRepresentation: base64URL(parts[2]))
                #expect(key.publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
                #expect(Set(requests.map(\.authorization)).count == 1, "one cached token for every request")

                let devices = try await AccountRepository(database: server.database, clock: clock).devices(of: user).map(\.token)
                #expect(devices == [good], "410 and BadDeviceToken removed their tokens")

                clock.advance(by: 51 * 60)
                _ = try await server.notifications.deliver(Self.notification(user, key: "k-\(UUID())"))
                #expect(fake.received.value.last?.authorization != first.authorization, "a new provider token after 50 minutes")
            }
        }
    }

    @Test("APNs: 5xx is retried with backoff, other refusals are not; sandbox and production hosts")
    func apnsServerErrors() async throws {
        try await withFakeAPNs { fake in
            let sleeps = LockedValue<[Duration]>([])
            let apns = try APNsClient(
                configuration: APNsConfiguration(
                    teamID: "T", keyID: "K", privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation, topic: "com.example.knot", baseURL: fake.baseURL),
                client: fake.client, sleep: { d in sleeps.withLock { $0.append(d) } }
            )
            let flaky = String(repeating: "1a", count: 32), tooBig = String(repeating: "2b", count: 32)
            fake.script(flaky, [(503, "ServiceUnavailable"), (500, "InternalServerError")])
            fake.script(tooBig, [(413, "PayloadTooLarge")])
            let payload = APNsPayload(title: "t", body: "b")
            let outcome = await apns.send(payload, to: flaky)
            guard case .accepted(let apnsID) = outcome else { Issue.record("expected accepted, got \(outcome)"); return }
            #expect(apnsID != nil && sleeps.value == [.seconds(1), .seconds(2)])
            #expect(fake.received.value.filter { $0.token == flaky }.count == 3, "two 5xx answers, then accepted")
            #expect(await apns.send(payload, to: tooBig) == .rejected(status: 413, reason: "PayloadTooLarge"))
            #expect(fake.received.value.filter { $0.token == tooBig }.count == 1, "not retried")
        }
        let key = P256.Signing.PrivateKey().pemRepresentation
        #expect(APNsConfiguration(teamID: "T", keyID: "K", privateKeyPEM: key, topic: "t", environment: .sandbox).resolvedBaseURL == "https://api.sandbox.push.apple.com")
        #expect(APNsConfiguration(teamID: "T", keyID: "K", privateKeyPEM: key, topic: "t").resolvedBaseURL == "https://api.push.apple.com")
    }

    func base64URL(_ text: String) -> Data { Data(base64URLEncoded: text)! }

    @Test("QStash signatures: current or next key, body hash, issuer, subject and expiry are all required")
    func qstashVerifier() throws {
        let verifier = QStashVerifier(currentKey: "current", nextKey: "next")
        let body = Data(#"{"notification_id":"x"}"#.utf8)
        let now = Self.noon
        let url = "https://example.com/knot/api/v1/notifications/process"
        try verifier.verify(signature: QStashVerifier.sign(body: body, url: url, key: "current", issuedAt: now), body: body, url: url, now: now)
        try verifier.verify(signature: QStashVerifier.sign(body: body, url: url, key: "next", issuedAt: now), body: body, url: url, now: now)
        #expect(throws: QStashVerifier.Failure.badSignature) {
            try verifier.verify(signature: QStashVerifier.sign(body: body, url: url, key: "old", issuedAt: now), body: body, url: url, now: now)
        }
        #expect(throws: QStashVerifier.Failure.wrongURL) {
            try verifier.verify(signature: QStashVerifier.sign(body: body, url: "https://evil.example", key: "current", issuedAt: now), body: body, url: url, now: now)
        }
        #expect(throws: QStashVerifier.Failure.bodyMismatch) {
            try verifier.verify(signature: QStashVerifier.sign(body: body, url: url, key: "current", issuedAt: now), body: Data("{}".utf8), url: url, now: now)
        }
        #expect(throws: QStashVerifier.Failure.missingSignature) { try verifier.verify(signature: nil, body: body, url: url, now: now) }

        // Well signed but without `exp` (or `sub`): not a QStash token.
        func token(_ claims: [String: Any]) throws -> String {
            let header = Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8).base64URLEncoded()
            let payload = try JSONSerialization.data(withJSONObject: claims).base64URLEncoded()
            let mac = HMAC<SHA256>.authenticationCode(for: Data("\(header).\(payload)".utf8), using: SymmetricKey(data: Data("current".utf8)))
            return "\(header).\(payload).\(Data(mac).base64URLEncoded())"
        }
        let hash = Data(SHA256.hash(data: body)).base64URLEncoded()
        #expect(throws: QStashVerifier.Failure.malformed) {
            try verifier.verify(signature: try token(["iss": "Upstash", "sub": url, "body": hash]), body: body, url: url, now: now)
        }
        #expect(throws: QStashVerifier.Failure.malformed) {
            try verifier.verify(signature: try token(["iss": "Upstash", "exp": Int(now.timeIntervalSince1970) + 60, "body": hash]), body: body, url: nil, now: now)
        }
        #expect(throws: QStashVerifier.Failure.wrongIssuer) {
            try verifier.verify(signature: try token(["iss": "Someone", "sub": url, "exp": Int(now.timeIntervalSince1970) + 60, "body": hash]), body: body, url: url, now: now)
        }
    }
}
