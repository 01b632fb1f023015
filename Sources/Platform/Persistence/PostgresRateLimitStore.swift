import Foundation
import PlatformCore
import SQLKit

/// The rate limiters' shared buckets on PostgreSQL (`rate_limit_buckets`, UNLOGGED: rate state may
/// be lost in a crash), so every instance of a deployment counts against one bucket per key. A
/// lease is one upsert: the row is created full, or refilled by the time elapsed since its last
/// lease and then drawn down by what it grants, under the row lock, so concurrent leases never
/// grant more than the bucket holds. Time is the app clock's, bound as a parameter.
public struct PostgresRateLimitStore: SharedRateLimitStore {
    /// The job kind of the purge of idle rows.
    public static let purgeJobKind = "platform.rate_limit_buckets_purge"
    /// Its kind before the rename to ``purgeJobKind``: still run for a release, for the occurrence
    /// a server of the release before left queued.
    public static let formerPurgeJobKind = "platform.rate-limit-buckets-purge"
    let database: any Database
    /// How long a request waits for its lease before its limiter counts in process instead: short,
    /// so a database that hangs does not add its whole operation bound to every request's own wait.
    let leaseBound: Duration

    /// The server gives `leaseBound` a fifth of the database's operation bound (1 s of the default 5 s).
    public init(database: any Database, leaseBound: Duration = .seconds(1)) {
        self.database = database
        self.leaseBound = leaseBound
    }

    public func lease(_ key: String, tokens: Int, capacity: Int, per interval: TimeInterval, at now: Date) async throws -> RateLimitLease {
        try await TimeLimit.run(within: leaseBound) { try await leaseNow(key, tokens: tokens, capacity: capacity, per: interval, at: now) }
    }

    private func leaseNow(_ key: String, tokens: Int, capacity: Int, per interval: TimeInterval, at now: Date) async throws -> RateLimitLease {
        let wanted = Double(max(0, min(tokens, capacity)))
        let cap = Double(capacity)
        let rate = cap / interval
        return try await database.read { db in
            // The bucket as of `now`: refilled by the elapsed time (none when another instance's clock
            // ran ahead), at most full.
            let refilled: SQLQueryString =
                "LEAST(\(bind: cap), b.tokens + GREATEST(0, EXTRACT(EPOCH FROM (\(bind: now) - b.updated_at))::float8) * \(bind: rate))"
            let grant: SQLQueryString = "LEAST(\(bind: wanted), floor(\(refilled)))"
            let row = try await db.raw(
                """
                INSERT INTO rate_limit_buckets AS b (scope_key, tokens, granted, updated_at, idle_after)
                VALUES (\(bind: key), \(bind: cap - wanted), \(bind: wanted), \(bind: now), \(bind: now) + make_interval(secs => \(bind: interval)))
                ON CONFLICT (scope_key) DO UPDATE SET
                    granted = \(grant),
                    tokens = \(refilled) - \(grant),
                    updated_at = GREATEST(b.updated_at, \(bind: now)),
                    idle_after = GREATEST(b.updated_at, \(bind: now)) + make_interval(secs => \(bind: interval))
                RETURNING granted, tokens
                """
            ).first()
            guard let row else { return RateLimitLease(granted: 0, remaining: 0) }
            return RateLimitLease(granted: try row.decode(column: "granted", as: Int.self), remaining: try row.decode(column: "tokens", as: Double.self))
        }
    }

    /// Deletes the buckets idle for a whole interval (full again: a new lease recreates them full).
    public func purgeIdle(at now: Date) async throws {
        _ = try await database.transaction { db in
            try await db.raw("DELETE FROM rate_limit_buckets WHERE idle_after < \(bind: now)").run()
        }
    }
}
