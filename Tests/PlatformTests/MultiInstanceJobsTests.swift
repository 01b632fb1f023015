import AppServer
import Foundation
import Jobs
import Logging
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing

/// The durable jobs across several instances on one PostgreSQL database: every recurring job the
/// server registers runs once per due time whatever the number of schedulers, and instance presence
/// (`server_instances`) lets a job held by an instance that stopped heartbeating, or one interrupted
/// by a graceful shutdown, be taken over at once instead of after its lease.
@Suite("Multi-instance jobs", .timeLimit(.minutes(5)))
struct MultiInstanceJobsTests {
    /// A Saturday, 00:00 UTC: eight days from here pass a weekly Sunday job once.
    static let saturday = Date(timeIntervalSince1970: 1_795_824_000)

    /// Runs `body` on every scheduler at once.
    static func onEvery(_ schedulers: [JobScheduler], _ body: @escaping @Sendable (JobScheduler) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for scheduler in schedulers { group.addTask { try await body(scheduler) } }
            try await group.waitForAll()
        }
    }

    @Test("every recurring job the server registers (platform and apps) runs once per due time with three instances' schedulers racing")
    func recurringOncePerDueTime() async throws {
        let clock = TestClock(Self.saturday)
        try await withInstances(3, dependencies: .init(clock: clock)) { _, servers in
            let schedulers = servers.map(\.scheduler)
            let recurring = schedulers[0].recurringJobs
            let names = Set(recurring.map(\.name))
            for scheduler in schedulers.dropFirst() {
                #expect(scheduler.recurringJobs.map(\.keyPrefix) == recurring.map(\.keyPrefix), "the instances agree on every occurrence's key")
            }
            #expect(
                names.isSuperset(of: [
                    "jobs-purge", "idempotency-keys-purge", "refresh-successors-purge", "knot-reminder-sweep", "knot-feedback-analysis", "vibekeeper-reminder-sweep",
                    "farelens-watchlist-checks", "farelens-deals-refresh",
                ]), "\(names.sorted())")
            try await Self.onEvery(schedulers) { await $0.enqueueStartRuns() }
            // Quarter hours for two hours (FareLens's watchlist checks each time), then a day at a time
            // for eight days (every daily job each day, the weekly feedback analysis on Sunday 04:00;
            // each step passes one due time of every job at most, since a job's next occurrence is
            // the first after the run). Bigger steps keep FareLens's deal refresh (seconds per run) few.
            let steps = Array(repeating: 900.0, count: 8) + Array(repeating: 86400.0, count: 8)
            for step in steps {
                clock.advance(by: step)
                try await Self.onEvery(schedulers) { scheduler in
                    await scheduler.ensureRecurring()
                    try await scheduler.drain()
                }
            }
            let rows = try await servers[0].database.read { db in
                try await db.raw("SELECT idempotency_key, status, attempts, last_error FROM jobs WHERE idempotency_key LIKE 'recurring:%'").all()
            }
            var succeeded: [String: Int] = [:]
            var pending: [String: Int] = [:]
            for row in rows {
                let key = try row.decode(column: "idempotency_key", as: String.self)
                let status = try row.decode(column: "status", as: String.self)
                let attempts = try row.decode(column: "attempts", as: Int.self)
                let job = try #require(recurring.first { key.hasPrefix($0.keyPrefix) }, "\(key)")
                switch status {
                case "succeeded":
                    #expect(attempts == 1, "\(key) ran \(attempts) times")
                    succeeded[job.name, default: 0] += 1
                case "pending":
                    pending[job.name, default: 0] += 1
                default:
                    Issue.record("\(key) is \(status): \(try row.decode(column: "last_error", as: String?.self) ?? "")")
                }
            }
            for job in recurring {
                #expect(pending[job.name] == 1, "\(job.name): one next occurrence, not \(pending[job.name] ?? 0)")
                #expect((succeeded[job.name] ?? 0) >= 1, "\(job.name) ran")
            }
            #expect(succeeded["farelens-watchlist-checks"] ?? 0 >= 8, "every quarter hour: \(succeeded)")
            #expect(succeeded["knot-feedback-analysis"] == 1, "once in the week: \(succeeded)")
            #expect(succeeded["jobs-purge"] == 8 && succeeded["vibekeeper-reminder-sweep"] == 8, "daily, eight days: \(succeeded)")
        }
    }

    static func logger() -> Logger {
        var logger = Logger(label: "jobs")
        logger.logLevel = .critical
        return logger
    }

    @Test(
        "a running job whose owner instance stopped heartbeating is claimed again at once; one whose owner heartbeats, or that names no instance, waits for its lease",
        arguments: TestDatabase.allCases)
    func staleOwnerTakenOver(_ database: TestDatabase) async throws {
        try await JobSchedulerTests.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock, ownerStaleAfter: InstancePresence.defaultStaleAfter)
            // Killed: claims (which records its heartbeat), then never heartbeats again.
            try await queue.enqueue(NewJob(kind: "k", runAt: clock.now(), idempotencyKey: "killed"))
            #expect(try await queue.claim(owner: "killed-instance", limit: 10, leaseDuration: 120).count == 1)
            // Alive: claims and keeps heartbeating.
            try await queue.enqueue(NewJob(kind: "k", runAt: clock.now(), idempotencyKey: "alive"))
            #expect(try await queue.claim(owner: "live-instance", limit: 10, leaseDuration: 120).count == 1)
            // A worker without presence (no row): only its lease counts.
            try await queue.enqueue(NewJob(kind: "k", runAt: clock.now(), idempotencyKey: "unregistered"))
            #expect(try await JobQueue(database: store, clock: clock).claim(owner: "plain-worker", limit: 10, leaseDuration: 120).count == 1)

            clock.advance(by: InstancePresence.defaultStaleAfter - 1)
            try await InstancePresence(id: "live-instance", database: store, clock: clock).heartbeat()
            #expect(try await queue.claim(owner: "taker", limit: 10, leaseDuration: 120).isEmpty, "nobody is stale yet")
            clock.advance(by: 2)
            let taken = try await queue.claim(owner: "taker", limit: 10, leaseDuration: 120)
            #expect(taken.map(\.idempotencyKey) == ["killed"], "only the killed instance's job, 120 s before its lease ends")
            #expect(taken.first?.attempts == 2)
            // The killed instance's late completion is fenced off; the live one's still records.
            let alive = try #require(try await queue.find(idempotencyKey: "alive"))
            #expect(try await queue.complete([alive.id], owner: "live-instance") == 1)
            #expect(try await queue.complete(taken.map(\.id), owner: "killed-instance") == 0)
            clock.advance(by: 120)
            #expect(try await queue.claim(owner: "taker", limit: 10, leaseDuration: 120).map(\.idempotencyKey) == ["unregistered"], "after its lease")
        }
    }

    @Test("a handler whose lease was taken over while it ran is cancelled at the next extension, and its runner records nothing", arguments: TestDatabase.allCases)
    func lostLeaseCancelsItsHandler(_ database: TestDatabase) async throws {
        try await JobSchedulerTests.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock, ownerStaleAfter: InstancePresence.defaultStaleAfter)
            // Leases of 3 s: the heartbeat extends every second.
            let slow = JobScheduler(queue: queue, clock: clock, configuration: .init(owner: "slow-instance", leaseSeconds: 3), logger: Self.logger())
            let started = LockedValue(false)
            let cancelled = LockedValue(false)
            slow.register("side-effect") { _ in
                started.withLock { $0 = true }
                do {
                    try await Task.sleep(for: .seconds(30))
                } catch {
                    cancelled.withLock { $0 = true }
                    throw error
                }
                return .completed
            }
            let id = try #require(try await queue.enqueue(NewJob(kind: "side-effect", runAt: clock.now())))
            let run = Task { try await slow.runOnce() }
            _ = try await eventually(every: .milliseconds(20)) { started.value }
            // Another instance took the job over (its owner looked gone) and finished it.
            try await store.transaction { db in
                try await db.raw("UPDATE jobs SET lease_owner = \(bind: "taker") WHERE id = \(bind: id.uuid)").run()
            }
            #expect(try await run.value == 1)
            #expect(cancelled.value, "the handler stopped instead of running beside the taker")
            let job = try #require(try await queue.find(id))
            #expect(job.status == .running && job.attempts == 1 && job.lastError == nil, "the slow runner recorded neither a completion nor a failure: \(job)")
        }
    }

    @Test(
        "graceful shutdown: jobs still running when the bound cancels them go back to pending at once, no attempt spent; another instance runs them",
        arguments: TestDatabase.allCases)
    func shutdownReleasesLeases(_ database: TestDatabase) async throws {
        try await JobSchedulerTests.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock, ownerStaleAfter: InstancePresence.defaultStaleAfter)
            let stopping = JobScheduler(
                queue: queue, clock: clock, configuration: .init(owner: "stopping", pollInterval: .milliseconds(20)), logger: Self.logger())
            let started = LockedValue(0)
            stopping.register("slow") { _ in
                started.withLock { $0 += 1 }
                try await Task.sleep(for: .seconds(600))  // until cancelled
                return .completed
            }
            let id = try #require(try await queue.enqueue(NewJob(kind: "slow", runAt: clock.now())))
            let running = Task { try await stopping.run() }
            _ = try await eventually(every: .milliseconds(20)) { started.value > 0 }
            #expect(try await queue.find(id)?.status == .running)
            running.cancel()  // what the shutdown bound does to the service
            try await running.value
            let released = try #require(try await queue.find(id))
            #expect(released.status == .pending && released.attempts == 0 && released.lastError == nil, "\(released)")
            let next = JobScheduler(queue: queue, clock: clock, configuration: .init(owner: "next"), logger: Self.logger())
            next.register("slow") { _ in .completed }
            #expect(try await next.runOnce() == 1, "no lease to wait out")
            #expect(try await queue.find(id)?.status == .succeeded)
        }
    }
}
