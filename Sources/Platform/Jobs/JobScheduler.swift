import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import ServiceLifecycle

/// The server's job runner (the replacement for QStash): polls the jobs table, leases due jobs in
/// batches, runs their handlers (the highest priority first, jobs of equal priority concurrently),
/// records completion, retries failures with exponential backoff until `maxAttempts`, keeps
/// recurring jobs scheduled, and reports queue depth, dispatch lag and failures as metrics.
public final class JobScheduler: Service, Sendable {
    public struct Configuration: Sendable {
        /// Identifies this process in leases; unique per instance (the server uses its
        /// ``InstancePresence`` id, so its leases end when it stops heartbeating).
        public var owner: String
        public var batchSize: Int
        public var concurrency: Int
        public var leaseSeconds: TimeInterval
        public var pollInterval: Duration
        /// First retry delay; doubles per attempt up to `maxBackoffSeconds`.
        public var backoffSeconds: TimeInterval
        public var maxBackoffSeconds: TimeInterval

        public init(
            owner: String = "scheduler-\(UUID().lowercasedString.prefix(8))", batchSize: Int = 32, concurrency: Int = 8, leaseSeconds: TimeInterval = 120,
            pollInterval: Duration = .milliseconds(500), backoffSeconds: TimeInterval = 30, maxBackoffSeconds: TimeInterval = 3600
        ) {
            self.owner = owner
            self.batchSize = batchSize
            self.concurrency = concurrency
            self.leaseSeconds = leaseSeconds
            self.pollInterval = pollInterval
            self.backoffSeconds = backoffSeconds
            self.maxBackoffSeconds = maxBackoffSeconds
        }
    }

    public let queue: JobQueue
    public let configuration: Configuration
    let clock: any TimeSource
    let metrics: MetricsRegistry?
    let logger: Logger
    let handlers = LockedValue<[String: any JobHandler]>([:])
    /// Renamed kinds, each former name to its current one (``register(formerKind:as:)``).
    let formerKinds = LockedValue<[String: String]>([:])
    let schedules = LockedValue<[RecurringJob]>([])
    /// Whether the last ``ensureRecurring()`` met a database outage (its warning already given).
    let recurringPaused = LockedValue(false)
    /// Opened when the tables exist (migrations done); ``run()`` waits for it before its first query.
    let startGate: ReadinessGate?

    public init(
        queue: JobQueue, clock: any TimeSource, configuration: Configuration = .init(), metrics: MetricsRegistry? = nil, startAfter startGate: ReadinessGate? = nil, logger: Logger
    ) {
        self.startGate = startGate
        self.queue = queue
        self.clock = clock
        self.configuration = configuration
        self.metrics = metrics
        self.logger = logger
    }

    /// Registers the handler for `kind`; call before the scheduler runs.
    public func register(_ kind: String, handler: any JobHandler) {
        handlers.withLock { $0[kind] = handler }
    }

    public func register(_ kind: String, _ body: @escaping @Sendable (ClaimedJob) async throws -> JobOutcome) {
        register(kind, handler: ClosureJobHandler(body))
    }

    /// A renamed kind, for the release after the rename: a job still queued under `formerKind` runs
    /// with the handler registered for `kind` (looked up when the job runs, so the order of the two
    /// calls does not matter). A recurring job's occurrences are keyed by its name, not its kind, so
    /// an occurrence queued under the former kind is its pending one: no second is added beside it,
    /// and the next is queued under `kind`.
    public func register(formerKind: String, as kind: String) {
        formerKinds.withLock { $0[formerKind] = kind }
    }

    /// The handler for a job of `kind`: its own, else that of the kind it was renamed to.
    func registeredHandler(for kind: String) -> (any JobHandler)? {
        if let own = handlers.withLock({ $0[kind] }) { return own }
        guard let renamed = formerKinds.withLock({ $0[kind] }) else { return nil }
        return handlers.withLock { $0[renamed] }
    }

    /// Periodic work in one call, the one way a part adds it: `body` runs at each occurrence of `job`
    /// (registered under the job's kind) and the next occurrence is enqueued afterwards.
    public func recurring(_ job: RecurringJob, _ body: @escaping @Sendable () async throws -> Void) {
        register(job.kind) { _ in
            try await body()
            return .completed
        }
        schedule(job)
    }

    /// Adds periodic work; its next occurrence is enqueued by ``ensureRecurring()``.
    public func schedule(_ job: RecurringJob) {
        schedules.withLock { $0.append(job) }
    }

    public var recurringJobs: [RecurringJob] { schedules.withLock { $0 } }

    public static let purgeKind = "platform.jobs_purge"

    /// Schedules the daily purge of finished jobs: succeeded and cancelled ones after
    /// `retentionDays`, dead ones (kept for inspection) after three times as long.
    public func schedulePurge(retentionDays: Int = 14) {
        let queue = queue
        let clock = clock
        register(Self.purgeKind) { _ in
            let now = clock.now()
            try await queue.purge(finishedBefore: now.addingTimeInterval(-Double(retentionDays) * 86400))
            try await queue.purge(finishedBefore: now.addingTimeInterval(-Double(retentionDays * 3) * 86400), includeDead: true)
            return .completed
        }
        schedule(RecurringJob(name: "jobs-purge", kind: Self.purgeKind, schedule: .daily(hour: 2, minute: 30)))
    }

    public func run() async throws {
        if let startGate, await !startGate.openedBeforeShutdown() { return }
        await enqueueStartRuns()
        var lastMaintenance = Date.distantPast
        var idle = configuration.pollInterval
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            if Date().timeIntervalSince(lastMaintenance) >= 5 {
                lastMaintenance = Date()
                await ensureRecurring()
                await publishStats()
            }
            let processed: Int
            do {
                processed = try await runOnce()
                idle = configuration.pollInterval
            } catch is CancellationError {
                break  // shutting down
            } catch let error as DatabaseUnavailable {
                // An outage: back off (up to 5 s) instead of logging every poll; nothing is lost, the
                // jobs wait in the table.
                if idle == configuration.pollInterval {
                    logger.warning("job scheduler paused: the database is unavailable", metadata: ["error": "\(error.reason)"])
                }
                idle = min(idle * 2, .seconds(5))
                processed = 0
            } catch {
                logger.warning("job scheduler could not claim jobs", metadata: ["error": "\(error)"])
                processed = 0
            }
            if processed == 0 {
                let pause = idle
                try? await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            }
        }
        await releaseLeases()
    }

    /// Returns the jobs this scheduler still holds to the queue without counting an attempt: at the
    /// end of ``run()``, when the shutdown bound cancelled handlers still running, so another instance
    /// takes them at once (a rolling restart delays no job by its lease). Runs detached, since the
    /// scheduler's own task may be cancelled by then.
    func releaseLeases() async {
        let queue = queue
        let owner = configuration.owner
        let logger = logger
        await Task.detached {
            do {
                let released = try await queue.release(owner: owner)
                if released > 0 { logger.notice("released unfinished jobs at shutdown", metadata: ["count": "\(released)"]) }
            } catch {
                logger.warning("could not release unfinished jobs at shutdown; they run again after their lease", metadata: ["error": "\(error)"])
            }
        }.value
    }

    /// Enqueues the start-up run of every recurring job that asks for one (``RecurringJob/runsAtStart``);
    /// ``run()`` calls it once, when the tables exist.
    public func enqueueStartRuns() async {
        for job in recurringJobs where job.runsAtStart {
            do {
                try await queue.enqueue(job.startOccurrence(at: clock.now()))
            } catch {
                logger.warning("could not enqueue a recurring job's start-up run", metadata: ["job": "\(job.name)", "error": "\(error)"])
            }
        }
    }

    /// Enqueues the next occurrence of every recurring job that has none pending.
    /// A database outage is said once (then once when it is over), not per recurring job every 5 s.
    public func ensureRecurring() async {
        for job in recurringJobs {
            do {
                // An occurrence still queued under a former name of the kind counts too (overdue or
                // running, its key is not the next one's).
                let kinds = [job.kind] + formerKinds.withLock { renamed in renamed.filter { $0.value == job.kind }.map(\.key).sorted() }
                var active = false
                for kind in kinds where !active { active = try await queue.hasActive(kind: kind, keyPrefix: job.keyPrefix) }
                if !active {
                    try await queue.enqueue(job.occurrence(after: clock.now()))
                }
            } catch let error as DatabaseUnavailable {
                if recurringPaused.withLock({ paused in
                    defer { paused = true }; return !paused
                }) {
                    logger.warning("database unavailable; recurring jobs are scheduled again when it answers", metadata: ["error": "\(error.reason)"])
                }
                return
            } catch {
                logger.warning("could not schedule recurring job", metadata: ["job": "\(job.name)", "error": "\(error)"])
            }
        }
        if recurringPaused.withLock({ paused in
            defer { paused = false }; return paused
        }) {
            logger.notice("database answers again; recurring jobs scheduled")
        }
    }

    /// Claims one batch of due jobs and runs it; returns how many jobs were claimed.
    @discardableResult
    public func runOnce() async throws -> Int {
        let jobs = try await queue.claim(owner: configuration.owner, limit: configuration.batchSize, leaseDuration: configuration.leaseSeconds)
        guard !jobs.isEmpty else { return 0 }
        let claimedAt = clock.now()
        for job in jobs {
            metrics?.observe(
                "jobs_dispatch_lag_seconds", help: "Time from a job's run_at to its claim.", labels: ["kind": job.kind], value: max(0, claimedAt.timeIntervalSince(job.runAt)))
        }
        // The heartbeat keeps this batch's leases alive while its handlers run, however long. A
        // handler whose lease this runner no longer holds (taken over while its instance looked gone,
        // say cut off from the database for longer than another instance waits) is cancelled at the
        // next extension, so its work does not go on beside the instance that took it over.
        let running = RunningHandlers()
        let heartbeat = Task {
            let every = max(0.2, min(configuration.leaseSeconds, queue.ownerStaleAfter ?? configuration.leaseSeconds) / 3)
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int(every * 1000)))
                guard !Task.isCancelled else { break }
                if let held = try? await queue.extendLeases(owner: configuration.owner, leaseDuration: configuration.leaseSeconds) {
                    running.cancel(except: held, logger: logger)
                }
            }
        }
        defer { heartbeat.cancel() }
        var index = 0
        while index < jobs.count {
            // One priority level at a time, so higher-priority work takes shared limits (daily caps) first.
            let level = jobs[index].priority
            var end = index
            while end < jobs.count && jobs[end].priority == level { end += 1 }
            await runConcurrently(Array(jobs[index..<end]), running: running)
            index = end
        }
        return jobs.count
    }

    /// Runs batches until nothing is due (tests, tools).
    public func drain(maxBatches: Int = 10_000) async throws {
        for _ in 0..<maxBatches {
            if try await runOnce() == 0 { return }
        }
    }

    /// Runs `jobs` with at most `concurrency` at a time. Finished jobs are recorded in groups of up
    /// to `completionGroup` as they finish (one statement per group keeps throughput; small groups
    /// keep what a crash makes run again small).
    private func runConcurrently(_ jobs: [ClaimedJob], running handlers: RunningHandlers) async {
        await withTaskGroup(of: ClaimedJob?.self) { group in
            var iterator = jobs.makeIterator()
            var running = 0
            func addNext() -> Bool {
                guard let job = iterator.next() else { return false }
                group.addTask { await self.execute(job, running: handlers) ? job : nil }
                return true
            }
            while running < max(1, configuration.concurrency), addNext() { running += 1 }
            var finished: [ClaimedJob] = []
            for await result in group {
                if let job = result { finished.append(job) }
                if finished.count >= Self.completionGroup {
                    await recordCompleted(finished)
                    finished.removeAll()
                }
                _ = addNext()
            }
            await recordCompleted(finished)
        }
    }

    static let completionGroup = 16

    /// The bound on each database operation a job handler makes.
    public static let handlerDatabaseTimeout = Duration.seconds(60)

    /// Records finished jobs. During a database outage it keeps trying (backing off to 2 s) until the
    /// database answers, so jobs that ran are not run again when it comes back: this runner claims
    /// nothing new until they are recorded. With one instance that makes an outage cost no repeat;
    /// with several, an outage longer than the lease (120 s) lets another instance take the job over
    /// and run it again (the lease fence then keeps this runner from recording it twice), so handlers
    /// stay idempotent. A shutdown during the outage gives up (those jobs run again after their lease).
    private func recordCompleted(_ jobs: [ClaimedJob]) async {
        guard !jobs.isEmpty else { return }
        var delay = Duration.milliseconds(100)
        var warned = false
        while true {
            do {
                let recorded = try await queue.complete(jobs.map(\.id), owner: configuration.owner)
                if recorded < jobs.count {
                    logger.warning("some jobs finished after their lease was taken over; they may run again", metadata: ["finished": "\(jobs.count)", "recorded": "\(recorded)"])
                }
                if warned { logger.notice("recorded finished jobs after a database outage", metadata: ["count": "\(jobs.count)"]) }
                break
            } catch let error as DatabaseUnavailable where !Task.isCancelled && !Task.isShuttingDownGracefully {
                if !warned {
                    logger.warning("database unavailable; holding finished jobs until it answers", metadata: ["count": "\(jobs.count)", "error": "\(error.reason)"])
                    warned = true
                }
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(2))
            } catch {
                logger.warning("could not record finished jobs; they will run again after their lease", metadata: ["count": "\(jobs.count)", "error": "\(error)"])
                return
            }
        }
        for job in jobs {
            metrics?.increment("jobs_completed_total", help: "Jobs that finished successfully.", labels: ["kind": job.kind])
            await scheduleNextIfRecurring(job)
        }
    }

    /// Runs one job; returns true when it completed (to be marked in the batch's single update).
    private func execute(_ job: ClaimedJob, running: RunningHandlers) async -> Bool {
        guard let handler = registeredHandler(for: job.kind) else {
            await recordFailure(job, error: "no handler registered for job kind \(job.kind)")
            return false
        }
        do {
            // Background work may touch many rows (a purge, a re-embedding pass): its database
            // operations get a minute, not the per-request bound. It runs as a task of its own, which
            // the heartbeat cancels when the lease is lost.
            let work = Task { try await DatabaseDeadline.withOperationTimeout(Self.handlerDatabaseTimeout, { try await handler.handle(job) }) }
            running.add(job.id, work)
            defer { running.remove(job.id) }
            let outcome = try await withTaskCancellationHandler {
                try await work.value
            } onCancel: {
                work.cancel()
            }
            if running.lost(job.id) { return false }
            switch outcome {
            case .completed:
                return true
            case .deferred(let date):
                try await queue.postpone(job.id, owner: configuration.owner, until: date)
                return false
            }
        } catch _ where running.lost(job.id) {
            // Its lease was lost: the instance that took the job over runs it and records it.
            return false
        } catch _ where Task.isCancelled {
            // Cancelled by the shutdown bound: not a failure; ``releaseLeases()`` returns the job.
            return false
        } catch let error as DatabaseUnavailable {
            // The database went away under the handler: not the job's fault, so it costs no attempt
            // (an outage must not use up attempts and leave jobs dead). Retried in 30 s; if even
            // that cannot be recorded, the job comes back when its lease expires.
            logger.warning("job interrupted by a database outage; retrying later", metadata: ["kind": "\(job.kind)", "job": "\(job.id)", "error": "\(error.reason)"])
            _ = try? await queue.postpone(job.id, owner: configuration.owner, until: clock.now().addingTimeInterval(configuration.backoffSeconds))
            return false
        } catch {
            await recordFailure(job, error: String(describing: error))
            return false
        }
    }

    private func recordFailure(_ job: ClaimedJob, error: String) async {
        let delay = min(configuration.maxBackoffSeconds, configuration.backoffSeconds * pow(2, Double(max(0, job.attempts - 1))))
        metrics?.increment("jobs_failures_total", help: "Failed job attempts.", labels: ["kind": job.kind])
        do {
            let status = try await queue.fail(job.id, owner: configuration.owner, error: error, retryAt: clock.now().addingTimeInterval(delay))
            if status == .dead {
                metrics?.increment("jobs_dead_total", help: "Jobs that used up their attempts.", labels: ["kind": job.kind])
                logger.error("job is dead after \(job.attempts) attempts", metadata: ["kind": "\(job.kind)", "job": "\(job.id)", "error": "\(error)"])
            } else {
                logger.warning("job failed; will retry", metadata: ["kind": "\(job.kind)", "job": "\(job.id)", "attempt": "\(job.attempts)", "error": "\(error)"])
            }
        } catch {
            logger.warning("could not record a job failure", metadata: ["job": "\(job.id)", "error": "\(error)"])
        }
    }

    private func scheduleNextIfRecurring(_ job: ClaimedJob) async {
        guard let key = job.idempotencyKey, key.hasPrefix("recurring:"),
            let recurringJob = recurringJobs.first(where: { key.hasPrefix($0.keyPrefix) })
        else { return }
        do {
            try await queue.enqueue(recurringJob.occurrence(after: clock.now()))
        } catch {
            logger.warning("could not schedule the next occurrence", metadata: ["job": "\(recurringJob.name)", "error": "\(error)"])
        }
    }

    /// Publishes queue depth, lag, running and dead counts as gauges (every 5 s while running).
    public func publishStats() async {
        guard let metrics else { return }
        do {
            let stats = try await queue.stats()
            metrics.gauge("jobs_queue_depth", help: "Pending jobs that are due now.", value: Double(stats.due))
            metrics.gauge("jobs_scheduled", help: "Pending jobs, due or not.", value: Double(stats.scheduled))
            metrics.gauge("jobs_running", help: "Jobs leased to a worker.", value: Double(stats.running))
            metrics.gauge("jobs_dead", help: "Jobs that used up their attempts.", value: Double(stats.dead))
            metrics.gauge("jobs_oldest_due_lag_seconds", help: "How late the oldest due job is.", value: stats.oldestDueLag)
        } catch {
            logger.warning("could not read job queue stats", metadata: ["error": "\(error)"])
        }
    }
}
