import AppServer
import Foundation
import KnotTestSupport
import SQLKit
import TestSupport
import Testing

@testable import Knot

/// Knot's milestone reminders with three instances on one PostgreSQL database: every instance's
/// scheduler drains at once when the reminders fall due, and each reminder still reaches its
/// user's outbox once.
@Suite("Knot reminders across instances", .timeLimit(.minutes(3)))
struct MultiInstanceRemindersTests {
    @Test("three instances' schedulers draining at once at the due time put each reminder in the outbox once, each job run once")
    func deliveredOnce() async throws {
        let clock = TestClock(MilestoneReminderTests.start)
        try await withInstances(3, configure: { _, configuration in MilestoneReminderTests.longTokens(&configuration) }, dependencies: .init(clock: clock)) {
            clients, servers in
            var users: [SignedIn] = []
            for index in 0..<6 { users.append(try await MilestoneReminderTests.setUp(clients[index % clients.count])) }
            clock.advance(by: 7 * 86400 + 2 * 3600 + 1)  // the 14- and 7-day reminders of every user are due
            try await withThrowingTaskGroup(of: Void.self) { group in
                for server in servers { group.addTask { try await server.scheduler.drain() } }
                try await group.waitForAll()
            }
            for (index, user) in users.enumerated() {
                let titles = try await MilestoneReminderTests.outbox(clients[(index + 1) % clients.count], user).compactMap { $0["title"] as? String }.sorted()
                #expect(titles == ["Alex's Birthday is in 14 days", "Alex's Birthday is in 7 days"], "user \(index): \(titles)")
            }
            let jobs = try await servers[0].database.read { db in
                try await db.raw(
                    "SELECT MAX(attempts) AS most, COUNT(*) AS done FROM jobs WHERE kind = \(bind: MilestoneNotifications.jobKind) AND status = 'succeeded'"
                ).first()!
            }
            #expect(try jobs.decode(column: "most", as: Int.self) == 1, "no reminder job ran twice")
            #expect(try jobs.decode(column: "done", as: Int.self) == 12)
            let sent = try await servers[0].database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM notification_queue WHERE status = 'sent'").first()!.decode(column: "n", as: Int.self)
            }
            #expect(sent == 12, "one sent row per reminder")
        }
    }
}
