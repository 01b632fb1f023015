import AppServer
import Foundation
import Hummingbird
import PlatformCore
import TestSupport
import Testing
import VibeKeeperAPI

@testable import VibeKeeper

/// Seed 3.6's reminders through the HTTP API and the job scheduler, on both databases.
@Suite("VibeKeeper reminders", .timeLimit(.minutes(3)))
struct ReminderTests {
    static let base = "/vibekeeper/api/v1"
    /// Friday 20 November 2026, 12:00 UTC (07:00 in New York).
    static let start = Date(timeIntervalSince1970: 1_795_176_000)

    static func longTokens(_ configuration: inout ServerConfiguration) {
        configuration.accessTokenTTL = 800 * 86400
        configuration.refreshTokenTTL = 800 * 86400
    }

    static func setUp(_ client: TestClient) async throws -> SignedIn {
        let user = try await client.signIn(app: "vibekeeper")
        _ = try await client.send(.put, "\(base)/users/me/notification-preferences", token: user.accessToken, json: ["timezone": "America/New_York"])
        return user
    }

    static func reminders(_ client: TestClient, _ user: SignedIn, _ query: String = "") async throws -> [Reminder] {
        let response = try await client.send(.get, "\(base)/reminders\(query)", token: user.accessToken)
        guard response.status == .ok else { throw TestFailure("\(query): \(response.status) \(response.text)") }
        return try response.decode([Reminder].self)
    }

    static func outbox(_ client: TestClient, _ user: SignedIn) async throws -> [[String: Any]] {
        try await client.send(.get, "\(base)/users/me/outbox", token: user.accessToken).json["notifications"] as? [[String: Any]] ?? []
    }

    @Test("a dated idea gets one reminder at the lead time before it, 09:00 local; date, lead time and clearing move or cancel it", arguments: TestDatabase.allCases)
    func automaticForIdeas(_ database: TestDatabase) async throws {
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: TestClock(Self.start))) { client, _ in
            let user = try await Self.setUp(client)
            let mom = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Mom"]).decode(Contact.self)
            let idea = try await client.send(
                .post, "\(Self.base)/gift-ideas", token: user.accessToken,
                json: ["idea": "Pottery class", "recipient_id": mom.id.description, "occasion": "birthday", "date": "2026-12-05"]
            ).decode(GiftIdea.self)
            var reminders = try await Self.reminders(client, user)
            #expect(reminders.count == 1)
            let automatic = try #require(reminders.first)
            #expect(automatic.automatic && automatic.giftIdeaId == idea.id && automatic.status == .pending && automatic.channel == .push)
            #expect(ISO8601.string(from: automatic.scheduledFor) == "2026-11-28T14:00:00.000Z")  // 7 days before, 09:00 in New York
            #expect(automatic.message == "Don't forget Mom's birthday on December 5!")

            _ = try await client.send(.put, "\(Self.base)/gift-ideas/\(idea.id)", token: user.accessToken, json: ["date": "2026-12-20"])
            reminders = try await Self.reminders(client, user)
            #expect(reminders.map { ISO8601.string(from: $0.scheduledFor) } == ["2026-12-13T14:00:00.000Z"])
            #expect(reminders.first?.id == automatic.id && reminders.first?.message == "Don't forget Mom's birthday on December 20!")

            #expect(try await client.send(VibeKeeperRoutes.preferences, token: user.accessToken).value?.notificationLeadTime == 7)
            let lead = try await client.send(VibeKeeperRoutes.updatePreferences, token: user.accessToken, body: VibeKeeperPreferences.Input(notificationLeadTime: 3))
            #expect(lead.status == .ok && lead.value?.notificationLeadTime == 3)
            #expect(try await Self.reminders(client, user).map { ISO8601.string(from: $0.scheduledFor) } == ["2026-12-17T14:00:00.000Z"])
            for bad: [String: Any] in [["notificationLeadTime": 366], ["notificationLeadTime": -1], [:]] {
                #expect(try await client.send(.put, "\(Self.base)/users/me/preferences", token: user.accessToken, json: bad).errorFields == ["notificationLeadTime"])
            }

            // A time zone change moves it to 09:00 there.
            _ = try await client.send(.put, "\(Self.base)/users/me/notification-preferences", token: user.accessToken, json: ["timezone": "Asia/Tokyo"])
            #expect(try await Self.reminders(client, user).map { ISO8601.string(from: $0.scheduledFor) } == ["2026-12-17T00:00:00.000Z"])

            // Clearing the date cancels it; a date too close for the lead time gets none.
            _ = try await client.send(.put, "\(Self.base)/gift-ideas/\(idea.id)", token: user.accessToken, json: ["date": NSNull()])
            #expect(try await Self.reminders(client, user).map(\.status) == [.cancelled])
            _ = try await client.send(.put, "\(Self.base)/gift-ideas/\(idea.id)", token: user.accessToken, json: ["date": "2026-11-21"])
            #expect(try await Self.reminders(client, user, "?status=pending").isEmpty)
            // Deleting the idea deletes its reminders.
            #expect(try await client.send(.delete, "\(Self.base)/gift-ideas/\(idea.id)", token: user.accessToken).status == .noContent)
            #expect(try await Self.reminders(client, user).isEmpty)
        }
    }

    @Test("changing an idea's occasion or recipient (or the recipient's name) rewrites its automatic reminder's text, keeping one reminder", arguments: TestDatabase.allCases)
    func automaticFollowsOccasionAndRecipient(_ database: TestDatabase) async throws {
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: TestClock(Self.start))) { client, _ in
            let user = try await Self.setUp(client)
            let mom = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Mom"]).decode(Contact.self)
            let dad = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Dad"]).decode(Contact.self)
            let idea = try await client.send(
                .post, "\(Self.base)/gift-ideas", token: user.accessToken,
                json: ["idea": "Pottery class", "recipient_id": mom.id.description, "occasion": "birthday", "date": "2026-12-05"]
            ).decode(GiftIdea.self)
            let first = try #require(try await Self.reminders(client, user).first)
            #expect(first.message == "Don't forget Mom's birthday on December 5!")

            _ = try await client.send(.put, "\(Self.base)/gift-ideas/\(idea.id)", token: user.accessToken, json: ["occasion": "Christmas"])
            var reminders = try await Self.reminders(client, user)
            #expect(reminders.map(\.message) == ["Don't forget Mom's Christmas on December 5!"] && reminders.first?.id == first.id)

            _ = try await client.send(.put, "\(Self.base)/gift-ideas/\(idea.id)", token: user.accessToken, json: ["recipient_id": dad.id.description])
            reminders = try await Self.reminders(client, user)
            #expect(reminders.map(\.message) == ["Don't forget Dad's Christmas on December 5!"] && reminders.first?.id == first.id)

            _ = try await client.send(.put, "\(Self.base)/contacts/\(dad.id)", token: user.accessToken, json: ["name": "Papa"])
            reminders = try await Self.reminders(client, user)
            #expect(reminders.map(\.message) == ["Don't forget Papa's Christmas on December 5!"] && reminders.count == 1)
        }
    }

    @Test("a due reminder reaches the outbox once with the seed's title and data, and is marked sent", arguments: TestDatabase.allCases)
    func delivery(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Self.setUp(client)
            let mom = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Mom"]).decode(Contact.self)
            let idea = try await client.send(
                .post, "\(Self.base)/gift-ideas", token: user.accessToken,
                json: ["idea": "Pottery class", "recipient_id": mom.id.description, "occasion": "birthday", "date": "2026-12-05"]
            ).decode(GiftIdea.self)
            let reminder = try #require(try await Self.reminders(client, user).first)
            try await server.scheduler.drain()
            #expect(try await Self.outbox(client, user).isEmpty, "not due yet")

            clock.advance(by: 8 * 86400 + 2 * 3600 + 1)  // 28 November, 14:00:01 UTC
            try await server.scheduler.drain()
            let outbox = try await Self.outbox(client, user)
            #expect(outbox.count == 1)
            #expect(outbox.first?["title"] as? String == "Gift Reminder: Mom's birthday")
            #expect(outbox.first?["body"] as? String == "Don't forget Mom's birthday on December 5!")
            let data = outbox.first?["data"] as? [String: String]
            #expect(data?["gift_idea_id"] == idea.id.description && data?["reminder_id"] == reminder.id.description && data?["type"] == "reminder")
            #expect(try await Self.reminders(client, user).first?.status == .sent)
            try await server.scheduler.drain()
            #expect(try await Self.outbox(client, user).count == 1, "nothing is sent twice")
        }
    }

    @Test("a contact's recurring occasion reminds every year; 29 February falls on 28 February in other years", arguments: TestDatabase.allCases)
    func occasions(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Self.setUp(client)
            let ana = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Ana"]).decode(Contact.self)
            let occasion = try await client.send(
                .post, "\(Self.base)/contacts/\(ana.id)/occasions", token: user.accessToken, json: ["name": "birthday", "date": "2000-02-29"]
            ).decode(Occasion.self)
            var reminders = try await Self.reminders(client, user)
            #expect(reminders.count == 1)
            #expect(reminders.first?.occasionId == occasion.id && reminders.first?.giftIdeaId == nil && reminders.first?.automatic == true)
            #expect(reminders.first.map { ISO8601.string(from: $0.scheduledFor) } == "2027-02-21T14:00:00.000Z")  // 7 days before 28 February 2027
            #expect(reminders.first?.message == "Don't forget Ana's birthday on February 28!")

            clock.advance(by: 93 * 86400 + 3 * 3600)  // 21 February 2027, 15:00 UTC
            try await server.scheduler.drain()
            #expect(try await Self.outbox(client, user).first?["title"] as? String == "Gift Reminder: Ana's birthday")
            reminders = try await Self.reminders(client, user)
            #expect(reminders.map(\.status) == [.sent, .pending])
            #expect(reminders.last.map { ISO8601.string(from: $0.scheduledFor) } == "2028-02-22T14:00:00.000Z")  // a leap year: 29 February
            #expect(reminders.last?.message == "Don't forget Ana's birthday on February 29!")

            // Renaming the contact renames the reminder; deleting the occasion deletes it.
            _ = try await client.send(.put, "\(Self.base)/contacts/\(ana.id)", token: user.accessToken, json: ["name": "Anna"])
            #expect(try await Self.reminders(client, user, "?status=pending").first?.message == "Don't forget Anna's birthday on February 29!")
            _ = try await client.send(.delete, "\(Self.base)/occasions/\(occasion.id)", token: user.accessToken)
            #expect(try await Self.reminders(client, user).isEmpty)
        }
    }

    @Test("reminders set by the user: 201, the seed's 404 for another user's idea, the past refused, moved, cancelled, deleted, filtered", arguments: TestDatabase.allCases)
    func crud(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Self.setUp(client)
            let other = try await client.signIn(app: "vibekeeper")
            let idea = try await client.send(.post, "\(Self.base)/gift-ideas", token: user.accessToken, json: ["idea": "Kite"]).decode(GiftIdea.self)
            let theirs = try await client.send(.post, "\(Self.base)/gift-ideas", token: other.accessToken, json: ["idea": "Drone"]).decode(GiftIdea.self)

            let created = try await client.send(
                .post, "\(Self.base)/reminders", token: user.accessToken, json: ["gift_idea_id": idea.id.description, "scheduled_for": "2026-11-25T15:00:00Z"])
            #expect(created.status == .created)
            let reminder = try created.decode(Reminder.self)
            #expect(!reminder.automatic && reminder.status == .pending && reminder.message == "Don't forget Kite's gift on November 25!")
            let job = try #require(try await server.scheduler.queue.find(idempotencyKey: "vibekeeper:reminder:\(reminder.id)"))
            #expect(ISO8601.string(from: job.runAt) == "2026-11-25T15:00:00.000Z")

            let foreign = try await client.send(
                .post, "\(Self.base)/reminders", token: user.accessToken, json: ["gift_idea_id": theirs.id.description, "scheduled_for": "2026-11-25T15:00:00Z"])
            #expect(foreign.status == .notFound && foreign.json["error"].map { "\($0)" }?.contains("Gift idea not found") == true)
            let past = try await client.send(
                .post, "\(Self.base)/reminders", token: user.accessToken, json: ["gift_idea_id": idea.id.description, "scheduled_for": "2026-11-19T15:00:00Z", "channel": "sms"])
            #expect(Set(past.errorFields) == ["scheduled_for", "channel"])

            let moved = try await client.send(
                .put, "\(Self.base)/reminders/\(reminder.id)", token: user.accessToken, json: ["scheduled_for": "2026-11-30T15:00:00Z", "message": "Buy the kite"])
            #expect(moved.status == .ok)
            #expect(try moved.decode(Reminder.self).message == "Buy the kite")
            #expect(
                try await server.scheduler.queue.find(idempotencyKey: "vibekeeper:reminder:\(reminder.id)").map { ISO8601.string(from: $0.runAt) } == "2026-11-30T15:00:00.000Z")
            #expect(try await client.send(.put, "\(Self.base)/reminders/\(reminder.id)", token: user.accessToken, json: ["status": "sent"]).errorFields == ["status"])

            #expect(try await Self.reminders(client, user, "?from_date=2026-11-30&to_date=2026-11-30").map(\.id) == [reminder.id])
            #expect(try await Self.reminders(client, user, "?to_date=2026-11-29").isEmpty)
            #expect(try await client.send(.get, "\(Self.base)/reminders?from_date=yesterday", token: user.accessToken).errorFields == ["from_date"])

            let cancelled = try await client.send(.put, "\(Self.base)/reminders/\(reminder.id)", token: user.accessToken, json: ["status": "cancelled"])
            #expect(try cancelled.decode(Reminder.self).status == .cancelled)
            #expect(try await server.scheduler.queue.find(idempotencyKey: "vibekeeper:reminder:\(reminder.id)")?.status == .cancelled)
            clock.advance(by: 11 * 86400)
            try await server.scheduler.drain()
            #expect(try await Self.outbox(client, user).isEmpty, "a cancelled reminder is not sent")

            for (method, body): (HTTPRequest.Method, Any?) in [(.get, nil), (.put, ["message": "x"]), (.delete, nil)] {
                let response =
                    if let body { try await client.send(method, "\(Self.base)/reminders/\(reminder.id)", token: other.accessToken, json: body) } else {
                        try await client.send(method, "\(Self.base)/reminders/\(reminder.id)", token: other.accessToken)
                    }
                #expect(response.status == .notFound, "\(method)")
            }
            #expect(try await client.send(.delete, "\(Self.base)/reminders/\(reminder.id)", token: user.accessToken).status == .noContent)
            #expect(try await Self.reminders(client, user).isEmpty)
        }
    }
}
