import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The jobs table's operations. Claiming leases a batch atomically: on PostgreSQL with
/// `FOR UPDATE SKIP LOCKED`, so several server instances never take the same job; on SQLite the
/// single writer serialises claims. A job whose lease expires (its worker died) is claimed again.
/// Completion is fenced by the lease owner, so a worker that lost its lease cannot overwrite the
/// outcome of the one that took over. With `ownerStaleAfter` set, lease owners are instance ids of
/// ``InstancePresence``: a running job whose owner's heartbeat is older than that is claimed again
/// at once, without waiting for its lease, and each claim and lease extension counts as its
/// owner's heartbeat.
public struct JobQueue: Sendable {
    let database: any Database
    let clock: any TimeSource
    let ownerStaleAfter: TimeInterval?

    public init(database: any Database, clock: any TimeSource, ownerStaleAfter: TimeInterval? = nil) {
        self.database = database
        self.clock = clock
        self.ownerStaleAfter = ownerStaleAfter
    }

    public enum ConflictPolicy: Sendable {
        /// An existing job with the same key wins; nothing changes.
        case keepExisting
        /// An existing job with the same key that has not started (pending or cancelled) takes the
        /// new time, payload and priority and becomes pending again; one that ran or is running is kept.
        case replaceIfNotStarted
    }

    /// Adds a job; returns its ID, or `nil` when a job with the same idempotency key already
    /// existed and was kept.
    @discardableResult
    public func enqueue(_ job: NewJob, onConflict policy: ConflictPolicy = .keepExisting) async throws -> JobID? {
        try await database.transaction { db in try await Self.enqueue(job, onConflict: policy, now: clock.now(), on: db) }
    }

    /// Adds many jobs in one transaction (bulk scheduling, benchmarks), 500 rows per statement.
    /// Jobs whose idempotency key exists already are skipped.
    public func enqueue(_ jobs: [NewJob]) async throws {
        let now = clock.now()
        try await database.transaction { db in
            var start = 0
            while start < jobs.count {
                let chunk = jobs[start..<min(start + 500, jobs.count)]
                let rows = SQLList(
                    chunk.map { job in
                        SQLGroupExpression(
                            SQLList([
                                SQLBind(UUID()), SQLBind(job.kind), SQLBind(job.payload), SQLBind(job.priority), SQLBind(job.runAt), SQLLiteral.string("pending"),
                                SQLLiteral.numeric("0"), SQLBind(job.maxAttempts), SQLBind(job.idempotencyKey), SQLBind(now), SQLBind(now),
                            ]))
                    })
                try await db.raw(
                    """
                    INSERT INTO jobs (id, kind, payload, priority, run_at, status, attempts, max_attempts, idempotency_key, created_at, updated_at)
                    VALUES \(rows) ON CONFLICT (idempotency_key) DO NOTHING
                    """
                ).run()
                start += 500
            }
        }
    }

    /// Enqueues inside a caller's transaction, so a job is created together with the rows it acts on.
    @discardableResult
    public static func enqueue(_ job: NewJob, onConflict policy: ConflictPolicy = .keepExisting, now: Date, on db: any SQLDatabase) async throws -> JobID? {
        let id = JobID()
        let conflict: SQLQueryString =
            switch policy {
            case .keepExisting: "ON CONFLICT (idempotency_key) DO NOTHING"
            case .replaceIfNotStarted:
                """
                ON CONFLICT (idempotency_key) DO UPDATE SET run_at = excluded.run_at, payload = excluded.payload, priority = excluded.priority,
                    max_attempts = excluded.max_attempts, status = 'pending', attempts = 0, last_error = NULL, updated_at = excluded.updated_at
                WHERE jobs.status IN ('pending', 'cancelled')
                """
            }
        let row = try await db.raw(
            """
            INSERT INTO jobs (id, kind, payload, priority, run_at, status, attempts, max_attempts, idempotency_key, created_at, updated_at)
            VALUES (\(bind: id.uuid), \(bind: job.kind), \(bind: job.payload), \(bind: job.priority), \(bind: job.runAt), 'pending', 0, \(bind: job.maxAttempts),
                \(bind: job.idempotencyKey), \(bind: now), \(bind: now))
            \(conflict)
            RETURNING id
            """
        ).first()
        return try row.map { JobID(try $0.uuid("id")) }
    }

    /// Leases up to `limit` due jobs to `owner` until `leaseDuration` from now. Jobs whose lease
    /// expired are first returned to the queue (or declared dead when out of attempts).
    public func claim(owner: String, limit: Int, leaseDuration: TimeInterval) async throws -> [ClaimedJob] {
        let now = clock.now()
        let expires = now.addingTimeInterval(leaseDuration)
        return try await database.transaction { db in
            let ownerGone: SQLQueryString
            if let ownerStaleAfter {
                try await InstancePresence.heartbeat(owner, now: now, on: db)
                ownerGone = "OR \(InstancePresence.holderGone("lease_owner", now: now, staleAfter: ownerStaleAfter))"
            } else {
                ownerGone = ""
            }
            try await db.raw(
                """
                UPDATE jobs SET status = CASE WHEN attempts >= max_attempts THEN 'dead' ELSE 'pending' END,
                    last_error = 'lease expired: the worker stopped before finishing', lease_owner = NULL, lease_expires_at = NULL, updated_at = \(bind: now),
                    finished_at = CASE WHEN attempts >= max_attempts THEN \(bind: now) ELSE NULL END
                WHERE status = 'running' AND (lease_expires_at < \(bind: now) \(ownerGone))
                """
            ).run()
            let lock: SQLQueryString = db.isPostgres ? "FOR UPDATE SKIP LOCKED" : ""
            let rows = try await db.raw(
                """
                UPDATE jobs SET status = 'running', lease_owner = \(bind: owner), lease_expires_at = \(bind: expires), attempts = attempts + 1, updated_at = \(bind: now)
                WHERE id IN (
                    SELECT id FROM jobs WHERE status = 'pending' AND run_at <= \(bind: now)
                    ORDER BY priority DESC, run_at LIMIT \(unsafeRaw: String(max(1, limit))) \(lock)
                )
                RETURNING id, kind, payload, priority, run_at, attempts, max_attempts, idempotency_key
                """
            ).all()
            return try rows.map { row in
                ClaimedJob(
                    id: JobID(try row.uuid("id")), kind: try row.decode(column: "kind", as: String.self),
                    payload: try row.decode(column: "payload", as: String.self), priority: try row.decode(column: "priority", as: Int.self),
                    runAt: try row.decode(column: "run_at", as: Date.self), attempts: try row.decode(column: "attempts", as: Int.self),
                    maxAttempts: try row.decode(column: "max_attempts", as: Int.self), idempotencyKey: try row.decode(column: "idempotency_key", as: String?.self)
                )
            }.sorted { ($0.priority, $1.runAt) > ($1.priority, $0.runAt) }
        }
    }

    /// Extends the leases of every job `owner` is running (its heartbeat while handlers run), so a
    /// long job is not taken over by another instance. Returns the jobs whose leases it still holds.
    @discardableResult
    public func extendLeases(owner: String, leaseDuration: TimeInterval) async throws -> Set<JobID> {
        let now = clock.now()
        return try await database.transaction { db in
            if ownerStaleAfter != nil { try await InstancePresence.heartbeat(owner, now: now, on: db) }
            let rows = try await db.raw(
                """
                UPDATE jobs SET lease_expires_at = \(bind: now.addingTimeInterval(leaseDuration)) WHERE lease_owner = \(bind: owner) AND status = 'running'
                RETURNING id
                """
            ).all()
            return Set(try rows.map { JobID(try $0.uuid("id")) })
        }
    }

    /// Puts every job `owner` is still running back to pending (due at once), without counting the
    /// attempt (graceful shutdown: the work was interrupted, not failed, and another instance takes
    /// it at once instead of after its lease). Returns how many were released.
    @discardableResult
    public func release(owner: String) async throws -> Int {
        let now = clock.now()
        return try await database.transaction { db in
            try await db.raw(
                """
                UPDATE jobs SET status = 'pending', attempts = attempts - 1, lease_owner = NULL, lease_expires_at = NULL, updated_at = \(bind: now)
                WHERE lease_owner = \(bind: owner) AND status = 'running'
                RETURNING id
                """
            ).all().count
        }
    }

    /// Marks jobs done; only those still leased to `owner` change. Returns how many did.
    @discardableResult
    public func complete(_ ids: [JobID], owner: String) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        let now = clock.now()
        return try await database.transaction { db in
            let list = SQLList(ids.map { SQLBind($0.uuid) })
            return try await db.raw(
                """
                UPDATE jobs SET status = 'succeeded', finished_at = \(bind: now), updated_at = \(bind: now), lease_owner = NULL, lease_expires_at = NULL, last_error = NULL
                WHERE id IN (\(list)) AND lease_owner = \(bind: owner) AND status = 'running'
                RETURNING id
                """
            ).all().count
        }
    }

    /// Records a failed attempt: back to pending at `retryAt`, or dead when the attempts are used up.
    /// Returns the new status, or `nil` when the lease was no longer this owner's.
    @discardableResult
    public func fail(_ id: JobID, owner: String, error: String, retryAt: Date) async throws -> JobRecord.Status? {
        let now = clock.now()
        return try await database.transaction { db in
            let row = try await db.raw(
                """
                UPDATE jobs SET status = CASE WHEN attempts >= max_attempts THEN 'dead' ELSE 'pending' END,
                    run_at = CASE WHEN attempts >= max_attempts THEN run_at ELSE \(bind: retryAt) END,
                    finished_at = CASE WHEN attempts >= max_attempts THEN \(bind: now) ELSE NULL END,
                    last_error = \(bind: String(error.prefix(2000))), lease_owner = NULL, lease_expires_at = NULL, updated_at = \(bind: now)
                WHERE id = \(bind: id.uuid) AND lease_owner = \(bind: owner) AND status = 'running'
                RETURNING status
                """
            ).first()
            return try row.flatMap { JobRecord.Status(rawValue: try $0.decode(column: "status", as: String.self)) }
        }
    }

    /// Puts a leased job back to run at `date` without counting the attempt (e.g. quiet hours).
    @discardableResult
    public func postpone(_ id: JobID, owner: String, until date: Date) async throws -> Bool {
        let now = clock.now()
        return try await database.transaction { db in
            try await db.raw(
                """
                UPDATE jobs SET status = 'pending', run_at = \(bind: date), attempts = attempts - 1, lease_owner = NULL, lease_expires_at = NULL, updated_at = \(bind: now)
                WHERE id = \(bind: id.uuid) AND lease_owner = \(bind: owner) AND status = 'running'
                RETURNING id
                """
            ).first() != nil
        }
    }

    /// Cancels the pending job with this idempotency key; returns whether one was cancelled.
    @discardableResult
    public static func cancel(idempotencyKey: String, now: Date, on db: any SQLDatabase) async throws -> Bool {
        try await db.raw(
            """
            UPDATE jobs SET status = 'cancelled', updated_at = \(bind: now), finished_at = \(bind: now)
            WHERE idempotency_key = \(bind: idempotencyKey) AND status = 'pending'
            RETURNING id
            """
        ).first() != nil
    }

    /// Cancels every pending job of `kind` whose idempotency key starts with `keyPrefix` (compared
    /// as text, not as a LIKE pattern); returns how many were cancelled. For work keyed by its time
    /// (`…:{epoch seconds}`), whose pending occurrence a caller no longer knows the time of.
    @discardableResult
    public static func cancel(kind: String, keyPrefix: String, now: Date, on db: any SQLDatabase) async throws -> Int {
        try await db.raw(
            """
            UPDATE jobs SET status = 'cancelled', updated_at = \(bind: now), finished_at = \(bind: now)
            WHERE kind = \(bind: kind) AND status = 'pending' AND substr(idempotency_key, 1, \(unsafeRaw: String(keyPrefix.unicodeScalars.count))) = \(bind: keyPrefix)
            RETURNING id
            """
        ).all().count
    }

    @discardableResult
    public func cancel(idempotencyKey: String) async throws -> Bool {
        try await database.transaction { db in try await Self.cancel(idempotencyKey: idempotencyKey, now: clock.now(), on: db) }
    }

    /// True when a pending or running job of `kind` has a key starting with `keyPrefix`.
    public func hasActive(kind: String, keyPrefix: String) async throws -> Bool {
        try await database.read { db in
            try await db.raw(
                """
                SELECT 1 AS found FROM jobs WHERE kind = \(bind: kind) AND status IN ('pending', 'running') AND idempotency_key LIKE \(bind: keyPrefix + "%") LIMIT 1
                """
            ).first() != nil
        }
    }

    public func find(_ id: JobID) async throws -> JobRecord? {
        try await database.read { db in
            try await db.raw("SELECT * FROM jobs WHERE id = \(bind: id.uuid)").first().map(Self.record)
        }
    }

    public func find(idempotencyKey: String) async throws -> JobRecord? {
        try await database.read { db in
            try await db.raw("SELECT * FROM jobs WHERE idempotency_key = \(bind: idempotencyKey)").first().map(Self.record)
        }
    }

    /// Jobs in `status` (e.g. dead ones, with their errors), newest first.
    public func list(status: JobRecord.Status, kind: String? = nil, limit: Int = 100) async throws -> [JobRecord] {
        try await database.read { db in
            let kindFilter: SQLQueryString = kind.map { "AND kind = \(bind: $0)" } ?? ""
            return try await db.raw(
                """
                SELECT * FROM jobs WHERE status = \(bind: status.rawValue) \(kindFilter) ORDER BY updated_at DESC LIMIT \(unsafeRaw: String(max(1, limit)))
                """
            ).all().map(Self.record)
        }
    }

    /// Deletes jobs that finished before `cutoff` (succeeded and cancelled ones; dead ones too when
    /// `includeDead`), keeping the table small. Returns how many were deleted.
    @discardableResult
    public func purge(finishedBefore cutoff: Date, includeDead: Bool = false) async throws -> Int {
        let statuses: SQLQueryString = includeDead ? "('succeeded', 'cancelled', 'dead')" : "('succeeded', 'cancelled')"
        return try await database.transaction { db in
            try await db.raw(
                """
                DELETE FROM jobs WHERE status IN \(statuses) AND finished_at < \(bind: cutoff) RETURNING id
                """
            ).all().count
        }
    }

    public func stats() async throws -> JobQueueStats {
        let now = clock.now()
        return try await database.read { db in
            let row = try await db.raw(
                """
                SELECT
                    SUM(CASE WHEN status = 'pending' AND run_at <= \(bind: now) THEN 1 ELSE 0 END) AS due,
                    SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END) AS scheduled,
                    SUM(CASE WHEN status = 'running' THEN 1 ELSE 0 END) AS running,
                    SUM(CASE WHEN status = 'dead' THEN 1 ELSE 0 END) AS dead
                FROM jobs WHERE status IN ('pending', 'running', 'dead')
                """
            ).first()
            let oldest = try await db.raw(
                """
                SELECT MIN(run_at) AS oldest FROM jobs WHERE status = 'pending' AND run_at <= \(bind: now)
                """
            ).first()
            func count(_ column: String) throws -> Int { try row?.decode(column: column, as: Int?.self) ?? 0 }
            let oldestDue = try oldest?.decode(column: "oldest", as: Date?.self)
            return JobQueueStats(
                due: try count("due"), scheduled: try count("scheduled"), running: try count("running"), dead: try count("dead"),
                oldestDueLag: oldestDue.map { max(0, now.timeIntervalSince($0)) } ?? 0
            )
        }
    }

    static func record(_ row: any SQLRow) throws -> JobRecord {
        JobRecord(
            id: JobID(try row.uuid("id")), kind: try row.decode(column: "kind", as: String.self), payload: try row.decode(column: "payload", as: String.self),
            status: JobRecord.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .pending,
            runAt: try row.decode(column: "run_at", as: Date.self), attempts: try row.decode(column: "attempts", as: Int.self),
            idempotencyKey: try row.decode(column: "idempotency_key", as: String?.self), lastError: try row.decode(column: "last_error", as: String?.self)
        )
    }
}
