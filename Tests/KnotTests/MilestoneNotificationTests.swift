import AppServer
import Foundation
import Hummingbird
import Jobs
import KnotAPI
import KnotTestSupport
import Logging
import Notifications
import PlatformCore
import SQLKit
import TestSupport
import Testing

@testable import Knot

@Suite("Milestone dates", .timeLimit(.minutes(3)))
struct MilestoneCalendarTests {
    static func milestone(_ name: String, _ date: String, type: MilestoneType = .birthday, recurrence: Recurrence = .yearly) -> Milestone {
        Milestone(id: MilestoneID(), milestoneType: type, milestoneName: name, milestoneDate: date, recurrence: recurrence, budgetTier: .majorMilestone)
    }

    static func day(_ text: String) -> LocalDate { LocalDate(text)! }
    static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    @Test("floating holidays are computed per year")
    func floatingHolidays() {
        #expect(MilestoneDates.date(of: .mothersDay, in: 2026).description == "2026-05-10")
        #expect(MilestoneDates.date(of: .mothersDay, in: 2027).description == "2027-05-09")
        #expect(MilestoneDates.date(of: .fathersDay, in: 2026).description == "2026-06-21")
        #expect(MilestoneDates.date(of: .fathersDay, in: 2027).description == "2027-06-20")
        #expect(MilestoneDates.date(of: .thanksgiving, in: 2026).description == "2026-11-26")
        #expect(MilestoneDates.date(of: .thanksgiving, in: 2027).description == "2027-11-25")
        let mothersDay = Self.milestone("Mother's Day", "2000-05-11", type: .holiday)
        #expect(ReminderCalendar.nextOccurrence(of: mothersDay, after: Self.day("2026-11-21"))?.description == "2027-05-09")
        let thanksgiving = Self.milestone("Thanksgiving", "2000-11-23", type: .holiday)
        #expect(ReminderCalendar.nextOccurrence(of: thanksgiving, after: Self.day("2026-11-21"))?.description == "2026-11-26")
        let fathersBirthday = Self.milestone("Father's birthday", "2000-08-02")
        #expect(ReminderCalendar.nextOccurrence(of: fathersBirthday, after: Self.day("2026-11-21"))?.description == "2027-08-02", "a birthday keeps its date")
    }

    @Test("yearly milestones roll over (today counts as passed); leap days; one-time milestones happen once")
    func occurrences() {
        let leap = Self.milestone("Leap birthday", "2000-02-29")
        #expect(ReminderCalendar.nextOccurrence(of: leap, after: Self.day("2027-01-10"))?.description == "2027-02-28")
        #expect(ReminderCalendar.nextOccurrence(of: leap, after: Self.day("2027-03-01"))?.description == "2028-02-29")
        let newYear = Self.milestone("Anniversary", "2000-01-05", type: .anniversary)
        #expect(ReminderCalendar.nextOccurrence(of: newYear, after: Self.day("2026-12-30"))?.description == "2027-01-05")
        let birthday = Self.milestone("Birthday", "1994-03-15")
        #expect(ReminderCalendar.nextOccurrence(of: birthday, after: Self.day("2026-03-15"))?.description == "2027-03-15")
        #expect(ReminderCalendar.nextOccurrence(of: birthday, after: Self.day("2026-03-14"))?.description == "2026-03-15")
        let trip = Self.milestone("Trip", "2027-06-01", type: .custom, recurrence: .oneTime)
        #expect(ReminderCalendar.nextOccurrence(of: trip, after: Self.day("2026-11-21"))?.description == "2027-06-01")
        #expect(ReminderCalendar.nextOccurrence(of: trip, after: Self.day("2027-06-01")) == nil)
    }

    @Test("reminders 14, 7 and 3 days before at 09:00 local, only those still ahead, in zones on both sides of UTC and across DST")
    func reminderTimes() {
        let now = ISO8601DateFormatter().date(from: "2026-11-21T12:00:00Z")!
        let birthday = Self.milestone("Birthday", "2000-12-20")
        let newYork = ReminderCalendar.reminders(for: birthday, now: now, zone: TimeZone(identifier: "America/New_York")!)
        #expect(newYork.map { Self.iso($0.sendAt) } == ["2026-12-06T14:00:00Z", "2026-12-13T14:00:00Z", "2026-12-17T14:00:00Z"])
        #expect(newYork.map(\.daysBefore) == [14, 7, 3])
        let tokyo = ReminderCalendar.reminders(for: birthday, now: now, zone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(tokyo.first.map { Self.iso($0.sendAt) } == "2026-12-06T00:00:00Z", "09:00 in Tokyo is midnight UTC")
        let losAngeles = ReminderCalendar.reminders(for: birthday, now: now, zone: TimeZone(identifier: "America/Los_Angeles")!)
        #expect(losAngeles.first.map { Self.iso($0.sendAt) } == "2026-12-06T17:00:00Z")

        let soon = Self.milestone("Soon", "2000-12-01")
        #expect(ReminderCalendar.reminders(for: soon, now: now, zone: TimeZone(identifier: "America/New_York")!).map(\.daysBefore) == [7, 3])

        let february = ISO8601DateFormatter().date(from: "2026-02-01T12:00:00Z")!
        let march = Self.milestone("March birthday", "2000-03-11")
        let times = ReminderCalendar.reminders(for: march, now: february, zone: TimeZone(identifier: "America/New_York")!).map { Self.iso($0.sendAt) }
        #expect(times == ["2026-02-25T14:00:00Z", "2026-03-04T14:00:00Z", "2026-03-08T13:00:00Z"], "the 3-day reminder falls on the DST change: 09:00 EDT")

        let reminder = newYork[0]
        #expect(reminder.key == "knot:milestone:\(birthday.id):14:2026-12-20")
    }

    @Test("the time zone: the user's, else the partner's US state, else New York")
    func zones() {
        #expect(ReminderCalendar.timeZone(preference: "Europe/Paris", state: "TX", country: "US").identifier == "Europe/Paris")
        #expect(ReminderCalendar.timeZone(preference: nil, state: "tx", country: "US").identifier == "America/Chicago")
        #expect(ReminderCalendar.timeZone(preference: "bogus", state: "HI", country: "US").identifier == "Pacific/Honolulu")
        #expect(ReminderCalendar.timeZone(preference: nil, state: "ON", country: "CA").identifier == "America/New_York")
    }

    @Test("the seed's texts, and a private variant that names nobody")
    func texts() {
        let message = MilestoneNotifications.message(partnerName: "Alex", milestoneName: "Birthday", daysBefore: 7, vibes: ["quiet_luxury", "romantic"], count: 3)
        #expect(message.title == "Alex's Birthday is in 7 days")
        #expect(message.body == "I've found 3 Quiet luxury options based on their interests. Tap to see them.")
        #expect(!message.privateTitle.contains("Alex") && !message.privateBody.contains("Alex") && !message.privateTitle.contains("Birthday"))
        #expect(MilestoneNotifications.message(partnerName: "A", milestoneName: "M", daysBefore: 3, vibes: [], count: 2).body.contains("2 curated options"))
        #expect(
            MilestoneNotifications.message(partnerName: "Alex", milestoneName: "Alex's Birthday", daysBefore: 3, vibes: [], count: 3).title == "Alex's Birthday is in 3 days",
            "the partner is not named twice")
    }
}

@Suite("Milestone reminders", .timeLimit(.minutes(3)))
struct MilestoneReminderTests {
    static let start = ISO8601DateFormatter().date(from: "2026-11-21T12:00:00Z")!

    /// These tests move the clock by days; tokens must outlive that.
    static func longTokens(_ configuration: inout ServerConfiguration) {
        configuration.accessTokenTTL = 400 * 86400
        configuration.refreshTokenTTL = 400 * 86400
    }

    static func vault(_ milestones: [[String: Any]]) -> [String: Any] {
        var payload = validVaultPayload()
        payload["milestones"] = milestones
        return payload
    }

    static var birthday: [String: Any] { ["milestone_type": "birthday", "milestone_name": "Alex's Birthday", "milestone_date": "2000-12-05", "recurrence": "yearly"] }

    static func upcoming(_ client: TestClient, _ user: SignedIn) async throws -> [[String: Any]] {
        try await client.send(.get, "/knot/api/v1/notifications/upcoming", token: user.accessToken).json["notifications"] as? [[String: Any]] ?? []
    }

    static func outbox(_ client: TestClient, _ user: SignedIn) async throws -> [[String: Any]] {
        try await client.send(.get, "/knot/api/v1/users/me/outbox", token: user.accessToken).json["notifications"] as? [[String: Any]] ?? []
    }

    static func setUp(_ client: TestClient, zone: String = "America/New_York", milestones: [[String: Any]] = [birthday]) async throws -> SignedIn {
        let user = try await client.signIn()
        _ = try await client.send(.put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: ["timezone": zone])
        let created = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: vault(milestones))
        guard created.status == .created else { throw TestFailure(created.text) }
        return user
    }

    @Test("a vault write schedules 14/7/3-day reminders at 09:00 local; replacing milestones cancels theirs", arguments: TestDatabase.allCases)
    func scheduling(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let gallery: [String: Any] = [
                "milestone_type": "custom", "milestone_name": "Gallery opening", "milestone_date": "2026-11-28", "recurrence": "one_time", "budget_tier": "minor_occasion",
            ]
            let past: [String: Any] = [
                "milestone_type": "custom", "milestone_name": "Old trip", "milestone_date": "2026-01-01", "recurrence": "one_time", "budget_tier": "minor_occasion",
            ]
            let user = try await Self.setUp(client, zone: "America/Chicago", milestones: [Self.birthday, gallery, past])
            var upcoming = try await Self.upcoming(client, user)
            #expect(upcoming.count == 5, "three for the birthday, two for the gallery (its 14-day point is past), none for the past trip")
            let galleryReminders = upcoming.filter { $0["milestone_name"] as? String == "Gallery opening" }
            #expect(galleryReminders.map { $0["days_before"] as? Int } == [7, 3])
            #expect(galleryReminders.first?["scheduled_for"] as? String == "2026-11-21T15:00:00.000Z", "09:00 in Chicago")
            #expect(galleryReminders.first?["milestone_date"] as? String == "2026-11-28")
            let birthdayTimes = upcoming.filter { $0["milestone_name"] as? String == "Alex's Birthday" }.compactMap { $0["scheduled_for"] as? String }
            #expect(birthdayTimes == ["2026-11-21T15:00:00.000Z", "2026-11-28T15:00:00.000Z", "2026-12-02T15:00:00.000Z"])

            let stored = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken).json
            let birthdayID = ((stored["milestones"] as? [[String: Any]]) ?? []).first { $0["milestone_name"] as? String == "Alex's Birthday" }?["id"] as? String
            var keep = Self.birthday
            keep["id"] = birthdayID
            let galleryID = galleryReminders.first?["milestone_id"] as? String ?? ""
            #expect(try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: Self.vault([keep])).status == .ok)
            upcoming = try await Self.upcoming(client, user)
            #expect(upcoming.count == 3 && upcoming.allSatisfy { $0["milestone_id"] as? String == birthdayID }, "the birthday's reminders are kept")
            let cancelled = try await server.scheduler.queue.find(idempotencyKey: "knot:milestone:\(galleryID):7:2026-11-28")
            #expect(cancelled?.status == .cancelled, "the removed milestone's job is cancelled")

            var moved = keep
            moved["milestone_date"] = "2000-12-10"
            #expect(try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: Self.vault([moved])).status == .ok)
            upcoming = try await Self.upcoming(client, user)
            #expect(
                upcoming.compactMap { $0["scheduled_for"] as? String } == ["2026-11-26T15:00:00.000Z", "2026-12-03T15:00:00.000Z", "2026-12-07T15:00:00.000Z"],
                "a moved date moves its reminders")
            #expect(try await client.send(.get, "/knot/api/v1/notifications/upcoming").status == .unauthorized)

            // A new time zone moves the reminders to 09:00 there.
            _ = try await client.send(.put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: ["timezone": "Asia/Tokyo"])
            upcoming = try await Self.upcoming(client, user)
            #expect(upcoming.compactMap { $0["scheduled_for"] as? String } == ["2026-11-26T00:00:00.000Z", "2026-12-03T00:00:00.000Z", "2026-12-07T00:00:00.000Z"])
        }
    }

    @Test("a due reminder generates recommendations, reaches the outbox once, and shows in history; viewed is idempotent", arguments: TestDatabase.allCases)
    func processing(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Self.setUp(client)
            let other = try await client.signIn()
            clock.advance(by: 2 * 3600 + 1)  // 09:00:01 in New York on 21 November: the 14-day reminder
            try await server.scheduler.drain()
            let outbox = try await Self.outbox(client, user)
            #expect(outbox.count == 1)
            #expect(outbox.first?["title"] as? String == "Alex's Birthday is in 14 days")
            #expect(outbox.first?["body"] as? String == "I've found 3 Outdoorsy options based on their interests. Tap to see them.")
            #expect(outbox.first?["category"] as? String == "MILESTONE_REMINDER")
            let milestoneID = try #require((outbox.first?["data"] as? [String: String])?["milestone_id"])
            let byMilestone = try await client.send(.get, "/knot/api/v1/recommendations/by-milestone/\(milestoneID)", token: user.accessToken)
            #expect(byMilestone.json["count"] as? Int == 3, "the reminder's recommendations are stored")

            let history = try await client.send(.get, "/knot/api/v1/notifications/history", token: user.accessToken)
            #expect(history.json["total"] as? Int == 1)
            let item = try #require((history.json["notifications"] as? [[String: Any]])?.first)
            #expect(item["status"] as? String == "sent" && item["days_before"] as? Int == 14)
            #expect(item["milestone_name"] as? String == "Alex's Birthday" && item["milestone_type"] as? String == "birthday")
            #expect(item["milestone_date"] as? String == "2026-12-05" && item["recommendations_count"] as? Int == 3)
            #expect(item["viewed_at"] is NSNull && item["sent_at"] as? String != nil)
            #expect(try await Self.upcoming(client, user).count == 2)

            let id = try #require(item["id"] as? String)
            let viewed = try await client.send(.patch, "/knot/api/v1/notifications/\(id)/viewed", token: user.accessToken)
            #expect(viewed.status == .ok)
            clock.advance(by: 60)
            let again = try await client.send(.patch, "/knot/api/v1/notifications/\(id)/viewed", token: user.accessToken)
            #expect(again.json["viewed_at"] as? String == viewed.json["viewed_at"] as? String, "the first view counts")
            #expect(try await client.send(.patch, "/knot/api/v1/notifications/\(id)/viewed", token: other.accessToken).status == .notFound)
            #expect(try await client.send(.patch, "/knot/api/v1/notifications/not-an-id/viewed", token: user.accessToken).status == .notFound)
            #expect(try await client.send(.get, "/knot/api/v1/notifications/history?limit=0", token: user.accessToken).status == .unprocessableContent)

            try await server.scheduler.drain()
            #expect(try await Self.outbox(client, user).count == 1, "nothing is sent twice")

            // The milestone is deleted: its reminders go with it (seed 000 decision 48).
            var other2 = Self.birthday
            other2["milestone_name"] = "Another day"
            other2["milestone_date"] = "2000-07-01"
            #expect(try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: Self.vault([other2])).status == .ok)
            let after = try await client.send(.get, "/knot/api/v1/notifications/history", token: user.accessToken).json
            #expect(after["total"] as? Int == 0)
        }
    }

    @Test("quiet hours defer a reminder to their end; notifications off cancels it", arguments: TestDatabase.allCases)
    func preferences(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Self.setUp(client)
            _ = try await client.send(.put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: ["quiet_hours_start": 8, "quiet_hours_end": 10])
            clock.advance(by: 2 * 3600 + 1)
            try await server.scheduler.drain()
            #expect(try await Self.outbox(client, user).isEmpty, "09:00 is inside 08–10")
            let milestoneID = (try await Self.upcoming(client, user)).first?["milestone_id"] as? String ?? ""
            let job = try #require(try await server.scheduler.queue.find(idempotencyKey: "knot:milestone:\(milestoneID):14:2026-12-05"), "\(milestoneID)")
            #expect(job.status == .pending && ISO8601DateFormatter().string(from: job.runAt) == "2026-11-21T15:00:00Z", "moved to 10:00 EST")
            clock.advance(by: 3600)
            try await server.scheduler.drain()
            #expect(try await Self.outbox(client, user).count == 1)

            _ = try await client.send(.put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: ["notifications_enabled": false])
            clock.advance(by: 7 * 86400)
            try await server.scheduler.drain()
            #expect(try await Self.outbox(client, user).count == 1, "nothing while notifications are off")
            let history = try await client.send(.get, "/knot/api/v1/notifications/history", token: user.accessToken).json["total"] as? Int
            #expect(history == 1, "a cancelled reminder is not history")
            #expect(try await Self.upcoming(client, user).count == 1, "the 3-day reminder is still ahead")
        }
    }

    @Test("a reminder deferred by quiet hours survives a vault edit and the daily sweep", arguments: TestDatabase.allCases)
    func deferredReminderSurvivesRescheduling(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Self.setUp(client)
            _ = try await client.send(.put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: ["quiet_hours_start": 8, "quiet_hours_end": 10])
            clock.advance(by: 2 * 3600 + 1)  // 09:00: due, and deferred to 10:00
            try await server.scheduler.drain()
            let stored = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken).json
            var milestones = stored["milestones"] as? [[String: Any]] ?? []
            for index in milestones.indices { milestones[index]["budget_tier"] = nil }
            #expect(try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: Self.vault(milestones)).status == .ok)
            try await server.knot!.reminders.scheduleAll()
            clock.advance(by: 3600)
            try await server.scheduler.drain()
            let titles = try await Self.outbox(client, user).compactMap { $0["title"] as? String }
            #expect(titles == ["Alex's Birthday is in 14 days"], "the deferred reminder still goes out, once")
        }
    }

    @Test("a reminder is claimed before it is processed: two processors at once generate and send it once", arguments: TestDatabase.allCases)
    func concurrentProcessing(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Self.setUp(client)
            clock.advance(by: 2 * 3600 + 1)
            let reminder = try #require(try await Self.upcoming(client, user).first)
            let id = try #require(NotificationID(reminder["id"] as? String ?? ""))
            let reminders = server.knot!.reminders
            let statuses = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<2 { group.addTask { try await reminders.process(id).status } }
                return try await group.reduce(into: []) { $0.append($1) }.sorted()
            }
            #expect(statuses == ["processed", "skipped"])
            let milestone = reminder["milestone_id"] as? String ?? ""
            let stored = try await client.send(.get, "/knot/api/v1/recommendations/by-milestone/\(milestone)", token: user.accessToken)
            #expect(stored.json["count"] as? Int == 3, "one batch of recommendations, not two")
            #expect(try await Self.outbox(client, user).count == 1)
        }
    }

    @Test("a worker that dies mid-dispatch is retried after its lease and the reminder still goes out once", arguments: TestDatabase.allCases)
    func crashedWorker(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Self.setUp(client)
            clock.advance(by: 2 * 3600 + 1)
            let jobs = try await server.scheduler.queue.claim(owner: "crashed-worker", limit: 10, leaseDuration: 120)
            let job = try #require(jobs.first { $0.kind == MilestoneNotifications.jobKind })
            // The worker delivers, then dies before recording anything: the row is still pending.
            _ = try await server.knot!.reminders.handle(job)
            try await server.database.transaction { db in
                try await db.raw("UPDATE notification_queue SET status = 'pending' WHERE status = 'sent'").run()
            }
            try await server.scheduler.drain()
            #expect(try await Self.outbox(client, user).count == 1, "the lease has not expired yet")
            clock.advance(by: 121)
            try await server.scheduler.drain()
            #expect(try await Self.outbox(client, user).count == 1, "retried, and still sent once")
            let record = try await server.scheduler.queue.find(job.id)
            #expect(record?.status == .succeeded && record?.attempts == 2)
            let history = try await client.send(.get, "/knot/api/v1/notifications/history", token: user.accessToken).json["notifications"] as? [[String: Any]] ?? []
            #expect(history.first?["status"] as? String == "sent")
        }
    }

    @Test("two schedulers racing over one database send each reminder once", arguments: TestDatabase.allCases)
    func racingSchedulers(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            var users: [SignedIn] = []
            for _ in 0..<4 { users.append(try await Self.setUp(client)) }
            var logger = Logger(label: "second")
            logger.logLevel = .critical
            let second = JobScheduler(queue: server.scheduler.queue, clock: clock, configuration: .init(owner: "second-instance", batchSize: 2, concurrency: 2), logger: logger)
            server.knot!.registerJobs(on: second)
            clock.advance(by: 7 * 86400 + 2 * 3600 + 1)  // the 14- and 7-day reminders of every user are due
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await server.scheduler.drain() }
                group.addTask { try await second.drain() }
                try await group.waitForAll()
            }
            for user in users {
                let titles = try await Self.outbox(client, user).compactMap { $0["title"] as? String }.sorted()
                #expect(titles == ["Alex's Birthday is in 14 days", "Alex's Birthday is in 7 days"])
            }
            let attempts = try await server.database.read { db in
                try await db.raw("SELECT MAX(attempts) AS most, COUNT(*) AS done FROM jobs WHERE kind = \(bind: MilestoneNotifications.jobKind) AND status = 'succeeded'").first()!
            }
            #expect(try attempts.decode(column: "most", as: Int.self) == 1, "no reminder job ran twice")
            #expect(try attempts.decode(column: "done", as: Int.self) == 8)
        }
    }

    @Test("POST /notifications/process accepts only QStash-signed deliveries, with current or next key", arguments: TestDatabase.allCases)
    func qstashWebhook(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(
            database,
            configure: { configuration in
                Self.longTokens(&configuration)
                configuration.qstashCurrentSigningKey = "sig_current"
                configuration.qstashNextSigningKey = "sig_next"
            }, dependencies: .init(clock: clock)
        ) { client, server in
            let user = try await Self.setUp(client)
            clock.advance(by: 2 * 3600 + 1)  // 09:00 in New York, outside the default quiet hours
            let reminder = try #require(try await Self.upcoming(client, user).first)
            let body = try JSONSerialization.data(withJSONObject: [
                "notification_id": reminder["id"]!, "user_id": user.userID, "milestone_id": reminder["milestone_id"]!, "days_before": 14,
            ])
            let url = "https://knot.example.com/knot/api/v1/notifications/process"
            func post(_ body: Data, signature: String?) async throws -> APIResponse {
                var headers = HTTPFields()
                if let signature { headers[.init("Upstash-Signature")!] = signature }
                return try await client.send(.post, "/knot/api/v1/notifications/process", body: body, headers: headers)
            }
            let unsigned = try await post(body, signature: nil)
            #expect(unsigned.status == .unauthorized && unsigned.headers[.wwwAuthenticate] != nil)
            #expect(try await post(body, signature: QStashVerifier.sign(body: body, url: url, key: "wrong", issuedAt: clock.now())).status == .unauthorized)
            let tampered = try JSONSerialization.data(withJSONObject: ["notification_id": UUID().uuidString])
            #expect(try await post(tampered, signature: QStashVerifier.sign(body: body, url: url, key: "sig_current", issuedAt: clock.now())).status == .unauthorized)
            let expired = QStashVerifier.sign(body: body, url: url, key: "sig_current", issuedAt: clock.now().addingTimeInterval(-3600))
            #expect(try await post(body, signature: expired).status == .unauthorized)
            let invalid = Data(#"{"days_before": 5}"#.utf8)
            let rejected = try await post(invalid, signature: QStashVerifier.sign(body: invalid, url: url, key: "sig_current", issuedAt: clock.now()))
            #expect(rejected.status == .unprocessableContent && Set(rejected.errorFields) == ["notification_id", "days_before"])

            let processed = try await post(body, signature: QStashVerifier.sign(body: body, url: url, key: "sig_next", issuedAt: clock.now()))
            #expect(processed.status == .ok, "\(processed.text)")
            #expect(processed.json["status"] as? String == "processed")
            #expect(processed.json["recommendations_generated"] as? Int == 3 && processed.json["push_delivered"] as? Bool == true)
            let replay = try await post(body, signature: QStashVerifier.sign(body: body, url: url, key: "sig_current", issuedAt: clock.now()))
            #expect(replay.json["status"] as? String == "skipped")
            #expect(try await Self.outbox(client, user).count == 1)
            _ = server
        }
    }

    @Test("a vault write succeeds even when reminders cannot be scheduled", arguments: TestDatabase.allCases)
    func schedulingFailureNeverFailsTheVault(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await client.signIn()
            try await server.database.transaction { try await $0.raw("DROP TABLE jobs").run() }
            let created = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: Self.vault([Self.birthday]))
            #expect(created.status == .created, "\(created.text)")
            #expect(try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: Self.vault([Self.birthday])).status == .ok)
            #expect(try await Self.upcoming(client, user).isEmpty, "nothing was scheduled; the daily sweep will try again")
        }
    }

    @Test("no recommendations, no push: the reminder is still recorded as sent (seed 000 decisions 108, 111) and the job finishes", arguments: TestDatabase.allCases)
    func noRecommendationsNoPush(_ database: TestDatabase) async throws {
        struct Down: CandidateSourceProvider {
            var name: String { "down" }
            func candidates(for request: SourceRequest) async throws -> [Candidate] { throw TestFailure("every source is down") }
        }
        let clock = TestClock(Self.start)
        try await withIsolatedServer(database, configure: Self.longTokens, dependencies: .init(clock: clock)) { client, server in
            let user = try await Self.setUp(client)
            let knot = server.knot!
            let failing = RecommendationService(vaults: knot.vaults, hints: knot.hints, recommendations: knot.recommendations, sources: [Down()], logger: Logger(label: "test"))
            let reminders = MilestoneNotifications(
                database: server.database, vaults: knot.vaults, accounts: server.auth.accounts, recommender: failing, engine: server.notifications, clock: clock,
                logger: Logger(label: "test")
            )
            clock.advance(by: 2 * 3600 + 1)
            let due = try #require(try await server.scheduler.queue.claim(owner: "test", limit: 5, leaseDuration: 60).first)
            #expect(try await reminders.handle(due) == .completed)
            #expect(try await Self.outbox(client, user).isEmpty, "no push without recommendations")
            let history = try await client.send(.get, "/knot/api/v1/notifications/history", token: user.accessToken).json["notifications"] as? [[String: Any]] ?? []
            #expect(history.first?["status"] as? String == "sent" && history.first?["recommendations_count"] as? Int == 0)
        }
    }

    @Test("without signing keys the QStash endpoint refuses everything")
    func qstashDisabled() async throws {
        try await withServer(.sqlite) { client, _ in
            let body = Data(#"{"notification_id":"00000000-0000-0000-0000-000000000000"}"#.utf8)
            var headers = HTTPFields()
            headers[.init("Upstash-Signature")!] = QStashVerifier.sign(body: body, url: "x", key: "anything", issuedAt: Date())
            let response = try await client.send(.post, "/knot/api/v1/notifications/process", body: body, headers: headers)
            #expect(response.status == .unauthorized && response.headers[.wwwAuthenticate] != nil)
        }
    }
}
