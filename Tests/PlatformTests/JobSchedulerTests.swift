import Foundation
import Jobs
import Logging
import Observability
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing

/// The durable jobs table and scheduler, on both databases.
@Suite("Durable jobs", .timeLimit(.minutes(3)))
struct JobSchedulerTests {
    /// A fresh database with the platform and jobs schemas (an isolated PostgreSQL database, since a
    /// scheduler claims every due job it can see).
    static func withJobs<T: Sendable>(_ database: TestDatabase, _ body: @escaping @Sendable (any Database, TestClock) async throws -> T) async throws -> T {
        let logger = Logger(label: "test")
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        @Sendable func run(_ store: any Database) async throws -> T {
            try await Migrator.migrate(store, sets: [PlatformSchema.migrations, JobSchema.migrations], logger: logger)
            do {
                let result = try await body(store, clock)
                await store.close()
                return result
            } catch {
                await store.close()
                throw error
            }
        }
        switch database {
        case .sqlite:
            let folder = makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            return try await run(
                try await SQLiteStore.open(path: folder.appendingPathComponent("jobs.sqlite").path, operationTimeout: TestDatabase.operationTimeout, logger: logger))
        case .postgres:
            return try await withIsolatedPostgres { url in
                let store = try PostgresStore(url: url, maxConnections: 6, operationTimeout: TestDatabase.operationTimeout, logger: logger)
                let runner = Task { try await store.run() }
                defer { runner.cancel() }
                return try await run(store)
            }
        }
    }

    static func scheduler(
        _ store: any Database, _ clock: TestClock, owner: String = "test-\(UUID().uuidString.prefix(6))", concurrency: Int = 4, batchSize: Int = 32, metrics: MetricsRegistry? = nil
    ) -> JobScheduler {
        var logger = Logger(label: "jobs")
        logger.logLevel = .critical
        return JobScheduler(
            queue: JobQueue(database: store, clock: clock), clock: clock,
            configuration: .init(owner: owner, batchSize: batchSize, concurrency: concurrency, leaseSeconds: 60, backoffSeconds: 30), metrics: metrics, logger: logger)
    }

    @Test("an idempotency key enqueues once; replace-if-not-started moves a pending job but never one that ran", arguments: TestDatabase.allCases)
    func idempotentEnqueue(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            let first = try await queue.enqueue(NewJob(kind: "k", payload: #"{"n":1}"#, runAt: clock.now(), idempotencyKey: "once"))
            #expect(first != nil)
            #expect(try await queue.enqueue(NewJob(kind: "k", payload: #"{"n":2}"#, runAt: clock.now(), idempotencyKey: "once")) == nil)
            #expect(try await queue.find(idempotencyKey: "once")?.payload == #"{"n":1}"#)

            let later = clock.now().addingTimeInterval(3600)
            try await queue.enqueue(NewJob(kind: "k", payload: #"{"n":3}"#, runAt: later, idempotencyKey: "once"), onConflict: .replaceIfNotStarted)
            let moved = try #require(try await queue.find(idempotencyKey: "once"))
            #expect(moved.payload == #"{"n":3}"# && moved.runAt == later && moved.id == first)

            let scheduler = Self.scheduler(store, clock)
            scheduler.register("k") { _ in .completed }
            clock.advance(by: 3600)
            #expect(try await scheduler.runOnce() == 1)
            try await queue.enqueue(NewJob(kind: "k", payload: #"{"n":4}"#, runAt: clock.now(), idempotencyKey: "once"), onConflict: .replaceIfNotStarted)
            let done = try #require(try await queue.find(idempotencyKey: "once"))
            #expect(done.status == .succeeded && done.payload == #"{"n":3}"#, "a job that ran is not run again under the same key")
        }
    }

    @Test("due jobs run highest priority first; future jobs wait for their time", arguments: TestDatabase.allCases)
    func priorityAndTime(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            let order = LockedValue<[String]>([])
            let scheduler = Self.scheduler(store, clock)
            scheduler.register("record") { job in
                order.withLock { $0.append(job.payload) }
                return .completed
            }
            for (name, priority) in [("low", 1), ("high", 5), ("mid", 3)] {
                try await queue.enqueue(NewJob(kind: "record", payload: name, runAt: clock.now().addingTimeInterval(-10), priority: priority))
            }
            try await queue.enqueue(NewJob(kind: "record", payload: "future", runAt: clock.now().addingTimeInterval(600), priority: 9))
            #expect(try await scheduler.runOnce() == 3)
            #expect(order.value == ["high", "mid", "low"])
            #expect(try await scheduler.runOnce() == 0, "the future job is not due")
            clock.advance(by: 600)
            #expect(try await scheduler.runOnce() == 1)
            #expect(order.value.last == "future")
        }
    }

    @Test("dispatch lag is measured per kind: claim time minus run_at", arguments: TestDatabase.allCases)
    func dispatchLagMetric(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let metrics = MetricsRegistry()
            let scheduler = Self.scheduler(store, clock, metrics: metrics)
            scheduler.register("late") { _ in .completed }
            try await scheduler.queue.enqueue(NewJob(kind: "late", runAt: clock.now().addingTimeInterval(-7)))
            try await scheduler.runOnce()
            let exposition = metrics.render()
            #expect(exposition.contains(#"jobs_dispatch_lag_seconds_count{kind="late"} 1"#), "\(exposition)")
            #expect(exposition.contains(#"jobs_dispatch_lag_seconds_sum{kind="late"} 7"#), "\(exposition)")
            #expect(metrics.counterValue("jobs_completed_total", labels: ["kind": "late"]) == 1)
        }
    }

    @Test("failures retry with exponential backoff, then the job is dead with its error; deferring costs no attempt", arguments: TestDatabase.allCases)
    func retriesAndDeadJobs(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            let metrics = MetricsRegistry()
            let scheduler = Self.scheduler(store, clock, metrics: metrics)
            scheduler.register("flaky") { _ in throw TestFailure("provider down") }
            let id = try #require(try await queue.enqueue(NewJob(kind: "flaky", runAt: clock.now(), maxAttempts: 3)))
            let start = clock.now()
            try await scheduler.runOnce()
            var job = try #require(try await queue.find(id))
            #expect(job.status == .pending && job.attempts == 1 && job.runAt == start.addingTimeInterval(30) && job.lastError?.contains("provider down") == true)
            clock.advance(by: 29)
            #expect(try await scheduler.runOnce() == 0, "not before the backoff")
            clock.advance(by: 1)
            try await scheduler.runOnce()
            job = try #require(try await queue.find(id))
            #expect(job.attempts == 2 && job.runAt == clock.now().addingTimeInterval(60), "the second delay doubles")
            clock.advance(by: 60)
            try await scheduler.runOnce()
            job = try #require(try await queue.find(id))
            #expect(job.status == .dead && job.attempts == 3)
            #expect(try await queue.list(status: .dead).map(\.id) == [id])
            #expect(try await queue.stats().dead == 1)
            #expect(metrics.counterValue("jobs_failures_total", labels: ["kind": "flaky"]) == 3)
            try await queue.enqueue(NewJob(kind: "flaky", runAt: clock.now().addingTimeInterval(-90)))
            await scheduler.publishStats()
            let exposition = metrics.render()
            #expect(exposition.contains("jobs_dead 1") && exposition.contains("jobs_queue_depth 1"), "\(exposition)")
            #expect(exposition.contains("jobs_oldest_due_lag_seconds 90"))

            let deferredCount = LockedValue(0)
            scheduler.register("later") { _ in
                deferredCount.withLock { $0 += 1 }
                return deferredCount.value == 1 ? .deferred(until: clock.now().addingTimeInterval(100)) : .completed
            }
            let deferred = try #require(try await queue.enqueue(NewJob(kind: "later", runAt: clock.now(), maxAttempts: 1)))
            try await scheduler.runOnce()
            let afterDeferral = try await queue.find(deferred)
            #expect(afterDeferral?.status == .pending && afterDeferral?.attempts == 0)
            clock.advance(by: 100)
            try await scheduler.runOnce()
            #expect(try await queue.find(deferred)?.status == .succeeded, "a deferral with max_attempts 1 still gets its one attempt")
        }
    }

    @Test("a job whose worker died is claimed again after its lease; the dead worker cannot complete it", arguments: TestDatabase.allCases)
    func expiredLeases(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            let runs = LockedValue(0)
            let survivor = Self.scheduler(store, clock, owner: "survivor")
            survivor.register("work") { _ in
                runs.withLock { $0 += 1 }
                return .completed
            }
            let id = try #require(try await queue.enqueue(NewJob(kind: "work", runAt: clock.now())))
            let claimed = try await queue.claim(owner: "crashed", limit: 10, leaseDuration: 60)
            #expect(claimed.map(\.id) == [id])
            #expect(try await survivor.runOnce() == 0, "leased to the crashed worker")
            clock.advance(by: 61)
            #expect(try await survivor.runOnce() == 1)
            #expect(runs.value == 1)
            let record = try #require(try await queue.find(id))
            #expect(record.status == .succeeded && record.attempts == 2)
            #expect(try await queue.complete([id], owner: "crashed") == 0, "completion is fenced by the lease owner")
        }
    }

    @Test("a job that runs longer than its lease keeps it (heartbeat) and is not taken over", arguments: TestDatabase.allCases)
    func heartbeat(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            var logger = Logger(label: "jobs")
            logger.logLevel = .critical
            let slow = JobScheduler(queue: queue, clock: clock, configuration: .init(owner: "slow", leaseSeconds: 3), logger: logger)
            let other = Self.scheduler(store, clock, owner: "other")
            let release = AsyncStream.makeStream(of: Void.self)
            let runs = LockedValue(0)
            for scheduler in [slow, other] {
                scheduler.register("long") { _ in
                    runs.withLock { $0 += 1 }
                    for await _ in release.stream { break }
                    return .completed
                }
            }
            let id = try #require(try await queue.enqueue(NewJob(kind: "long", runAt: clock.now())))
            let started = clock.now()
            let running = Task { try await slow.runOnce() }
            // Let the lease run past its first expiry; wait (by polling) for the heartbeat to extend it.
            clock.advance(by: 2)
            let extended = try await eventually(every: .milliseconds(50)) {
                let expiry = try await store.read { db in
                    try await db.raw("SELECT lease_expires_at FROM jobs WHERE id = \(bind: id.uuid)").first()?.decode(column: "lease_expires_at", as: Date?.self)
                }
                return (expiry ?? .distantPast) > started.addingTimeInterval(3)
            }
            #expect(extended, "the heartbeat extended the lease")
            clock.advance(by: 2)  // past the first lease's expiry, inside the extended one
            #expect(try await other.runOnce() == 0, "still leased to the slow worker")
            release.continuation.yield()
            release.continuation.finish()
            _ = try await running.value
            #expect(try await queue.find(id)?.status == .succeeded && runs.value == 1)
        }
    }

    @Test("two schedulers racing over one database run every job exactly once", arguments: TestDatabase.allCases)
    func racingSchedulers(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            let runs = LockedValue<[String: Int]>([:])
            let schedulers = ["a", "b"].map { Self.scheduler(store, clock, owner: $0, concurrency: 4, batchSize: 8) }
            for scheduler in schedulers {
                scheduler.register("count") { job in
                    runs.withLock { $0[job.payload, default: 0] += 1 }
                    return .completed
                }
            }
            try await queue.enqueue((0..<300).map { NewJob(kind: "count", payload: "job-\($0)", runAt: clock.now()) })
            try await withThrowingTaskGroup(of: Void.self) { group in
                for scheduler in schedulers { group.addTask { try await scheduler.drain() } }
                try await group.waitForAll()
            }
            #expect(runs.value.count == 300)
            #expect(runs.value.values.allSatisfy { $0 == 1 })
            let attempts = try await store.read { db in
                try await db.raw("SELECT MAX(attempts) AS most, COUNT(*) AS done FROM jobs WHERE status = 'succeeded'").first()!
            }
            #expect(try attempts.decode(column: "most", as: Int.self) == 1)
            #expect(try attempts.decode(column: "done", as: Int.self) == 300)
        }
    }

    @Test("recurring jobs: aligned occurrences, one pending across instances, the next enqueued after each run", arguments: TestDatabase.allCases)
    func recurring(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            let runs = LockedValue(0)
            let job = RecurringJob(name: "tick", kind: "tick", schedule: .every(seconds: 600))
            let instances = ["a", "b"].map { Self.scheduler(store, clock, owner: $0) }
            for instance in instances {
                instance.register("tick") { _ in
                    runs.withLock { $0 += 1 }
                    return .completed
                }
                instance.schedule(job)
                await instance.ensureRecurring()
            }
            let pending = try await queue.list(status: .pending)
            #expect(pending.count == 1, "both instances computed the same occurrence")
            let first = try #require(pending.first)
            #expect(Int(first.runAt.timeIntervalSince1970) % 600 == 0 && first.runAt > clock.now())
            clock.advance(by: 600)
            #expect(try await instances[0].runOnce() == 1)
            let next = try await queue.list(status: .pending)
            #expect(next.count == 1 && next[0].runAt == first.runAt.addingTimeInterval(600))
            #expect(runs.value == 1)
        }
    }

    @Test("a recurring job that runs at start: due at once, once for instances starting in the same period, then aligned", arguments: TestDatabase.allCases)
    func runsAtStart(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            let runs = LockedValue(0)
            let job = RecurringJob(name: "warm", kind: "warm", schedule: .every(seconds: 3600), runsAtStart: true)
            let plain = RecurringJob(name: "plain", kind: "plain", schedule: .every(seconds: 3600))
            let instances = ["a", "b"].map { Self.scheduler(store, clock, owner: $0) }
            for instance in instances {
                instance.register("warm") { _ in
                    runs.withLock { $0 += 1 }
                    return .completed
                }
                instance.register("plain") { _ in .completed }
                instance.schedule(job)
                instance.schedule(plain)
                await instance.enqueueStartRuns()
                await instance.ensureRecurring()
            }
            let pending = try await queue.list(status: .pending)
            #expect(pending.filter { $0.kind == "warm" }.count == 1, "both instances started in the same hour: one start-up run, and no aligned one yet")
            #expect(pending.first { $0.kind == "warm" }?.runAt == clock.now(), "due at once")
            #expect(pending.first { $0.kind == "plain" }.map { $0.runAt > clock.now() } == true, "a job without runsAtStart waits for its occurrence")
            #expect(try await instances[0].runOnce() == 1)
            #expect(runs.value == 1)
            await instances[1].ensureRecurring()
            let next = try await queue.list(status: .pending).filter { $0.kind == "warm" }
            #expect(next.count == 1 && Int(next[0].runAt.timeIntervalSince1970) % 3600 == 0 && next[0].runAt > clock.now(), "then the aligned occurrences")
            // A server starting in a later period runs it again.
            clock.advance(by: 3600)
            try await instances[0].drain()
            let before = runs.value
            await instances[1].enqueueStartRuns()
            #expect(try await instances[1].runOnce() == 1)
            #expect(runs.value == before + 1)
        }
    }

    @Test(
        "a renamed kind: the occurrence queued under the former kind is the pending one (none added beside it), runs once with the new kind's handler, and the next is queued under the new kind; a one-off job of the former kind runs too",
        arguments: TestDatabase.allCases)
    func formerKind(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            let runs = LockedValue(0)
            let job = RecurringJob(name: "sweep", kind: "platform.sweep", schedule: .every(seconds: 600))
            // What a server of the release before left: the next occurrence, keyed by the job's name, under the old kind.
            let due = job.nextOccurrence(after: clock.now())
            let key = job.keyPrefix + String(Int(due.timeIntervalSince1970))
            try await queue.enqueue(NewJob(kind: "sweep-old", runAt: due, idempotencyKey: key, maxAttempts: 3))

            let scheduler = Self.scheduler(store, clock)
            scheduler.register(formerKind: "sweep-old", as: "platform.sweep")
            scheduler.recurring(job) { runs.withLock { $0 += 1 } }
            await scheduler.ensureRecurring()
            #expect(try await queue.list(status: .pending).map(\.kind) == ["sweep-old"], "the old occurrence holds its key: no second under the new kind")

            clock.advance(by: due.timeIntervalSince(clock.now()))
            #expect(try await scheduler.runOnce() == 1)
            #expect(runs.value == 1, "the old kind's job ran the new kind's handler, once")
            #expect(try await queue.find(idempotencyKey: key)?.status == .succeeded)
            let next = try await queue.list(status: .pending)
            #expect(next.map(\.kind) == ["platform.sweep"] && next.first?.runAt == due.addingTimeInterval(600), "the next occurrence, under the new kind")

            let oneOff = try #require(try await queue.enqueue(NewJob(kind: "sweep-old", runAt: clock.now())))
            #expect(try await scheduler.runOnce() == 1)
            #expect(runs.value == 2)
            #expect(try await queue.find(oneOff)?.status == .succeeded)
            #expect(try await queue.list(status: .dead).isEmpty)
        }
    }

    @Test("an overdue occurrence queued under a former kind (the server was down past its slot) gets no second beside it", arguments: TestDatabase.allCases)
    func overdueFormerKind(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            let runs = LockedValue(0)
            let job = RecurringJob(name: "sweep", kind: "platform.sweep", schedule: .every(seconds: 600))
            let due = job.nextOccurrence(after: clock.now())
            try await queue.enqueue(NewJob(kind: "sweep-old", runAt: due, idempotencyKey: job.keyPrefix + String(Int(due.timeIntervalSince1970)), maxAttempts: 3))
            clock.advance(by: due.timeIntervalSince(clock.now()) + 1_800)

            let scheduler = Self.scheduler(store, clock)
            scheduler.register(formerKind: "sweep-old", as: "platform.sweep")
            scheduler.recurring(job) { runs.withLock { $0 += 1 } }
            await scheduler.ensureRecurring()
            #expect(try await queue.list(status: .pending).map(\.kind) == ["sweep-old"], "the overdue old occurrence is the one pending")
            #expect(try await scheduler.runOnce() == 1)
            #expect(runs.value == 1)
            await scheduler.ensureRecurring()
            #expect(try await queue.list(status: .pending).map(\.kind) == ["platform.sweep"], "then one occurrence, under the new kind")
        }
    }

    @Test("finished jobs are purged after their retention; dead ones are kept longer; pending ones never", arguments: TestDatabase.allCases)
    func purge(_ database: TestDatabase) async throws {
        try await Self.withJobs(database) { store, clock in
            let queue = JobQueue(database: store, clock: clock)
            let scheduler = Self.scheduler(store, clock)
            scheduler.register("ok") { _ in .completed }
            scheduler.register("bad") { _ in throw TestFailure("no") }
            let done = try #require(try await queue.enqueue(NewJob(kind: "ok", runAt: clock.now())))
            let dead = try #require(try await queue.enqueue(NewJob(kind: "bad", runAt: clock.now(), maxAttempts: 1)))
            let waiting = try #require(try await queue.enqueue(NewJob(kind: "ok", runAt: clock.now().addingTimeInterval(365 * 86400))))
            try await scheduler.drain()
            clock.advance(by: 15 * 86400)
            scheduler.schedulePurge(retentionDays: 14)
            try await queue.enqueue(NewJob(kind: JobScheduler.purgeKind, runAt: clock.now()))
            try await scheduler.drain()
            #expect(try await queue.find(done) == nil)
            #expect(try await queue.find(dead)?.status == .dead, "dead jobs stay visible for 42 days")
            #expect(try await queue.find(waiting)?.status == .pending)
            clock.advance(by: 30 * 86400)
            try await queue.enqueue(NewJob(kind: JobScheduler.purgeKind, runAt: clock.now()))
            try await scheduler.drain()
            #expect(try await queue.find(dead) == nil)
            await scheduler.ensureRecurring()
            #expect(
                try await queue.list(status: .pending).contains { $0.kind == JobScheduler.purgeKind && $0.idempotencyKey?.hasPrefix("recurring:jobs-purge:") == true },
                "the purge is a daily recurring job")
        }
    }

    @Test("schedules: every N seconds, daily and weekly at UTC times")
    func scheduleArithmetic() {
        let at = Date(timeIntervalSince1970: 1_800_000_123)  // 2027-01-15 08:02:03 UTC, a Friday
        #expect(RecurringJob(name: "e", kind: "e", schedule: .every(seconds: 60)).nextOccurrence(after: at) == Date(timeIntervalSince1970: 1_800_000_180))
        let daily = RecurringJob(name: "d", kind: "d", schedule: .daily(hour: 3, minute: 0)).nextOccurrence(after: at)
        #expect(ISO8601DateFormatter().string(from: daily) == "2027-01-16T03:00:00Z")
        let weekly = RecurringJob(name: "w", kind: "w", schedule: .weekly(weekday: 1, hour: 4, minute: 0)).nextOccurrence(after: at)
        #expect(ISO8601DateFormatter().string(from: weekly) == "2027-01-17T04:00:00Z", "the next Sunday")
        let sameDay = RecurringJob(name: "w", kind: "w", schedule: .weekly(weekday: 6, hour: 9, minute: 30)).nextOccurrence(after: at)
        #expect(ISO8601DateFormatter().string(from: sameDay) == "2027-01-15T09:30:00Z", "later the same Friday")
        let nextWeek = RecurringJob(name: "w", kind: "w", schedule: .weekly(weekday: 6, hour: 8, minute: 0)).nextOccurrence(after: at)
        #expect(ISO8601DateFormatter().string(from: nextWeek) == "2027-01-22T08:00:00Z", "already past today")
    }
}
