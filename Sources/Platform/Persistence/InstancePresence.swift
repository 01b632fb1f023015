import Foundation
import Logging
import PlatformCore
import SQLKit
import ServiceLifecycle

/// Which server instances sharing the database are alive: the `server_instances` table (platform
/// migration 9), one row per instance, heartbeated every few seconds and removed on graceful shutdown.
///
/// It exists so that work an instance holds in the database (a job's lease, an `in_progress`
/// idempotency key) can name its holder, and another instance can take that work over as soon as the
/// holder stops heartbeating (killed, frozen, cut off) instead of waiting out a timeout meant for slow
/// work. A holder with no row (never registered, or removed long ago) is judged by the holder's own
/// timeout as before; only a row whose heartbeat is older than ``staleAfter`` says "gone".
public struct InstancePresence: Sendable {
    /// How old a heartbeat may be before its instance counts as gone.
    public static let defaultStaleAfter: TimeInterval = 15
    /// How often a live instance heartbeats (a third of ``defaultStaleAfter``).
    public static let defaultHeartbeatInterval = Duration.seconds(5)

    /// This instance's id, as it appears in the rows it holds (job leases, idempotency claims).
    public let id: String
    public let staleAfter: TimeInterval
    let database: any Database
    let clock: any TimeSource

    public init(id: String = "instance-\(UUID().lowercasedString.prefix(8))", database: any Database, clock: any TimeSource, staleAfter: TimeInterval = Self.defaultStaleAfter) {
        self.id = id
        self.database = database
        self.clock = clock
        self.staleAfter = staleAfter
    }

    /// Records that this instance is alive now (inserting its row the first time).
    public func heartbeat() async throws {
        let now = clock.now()
        try await database.transaction { db in try await Self.heartbeat(id, now: now, on: db) }
    }

    /// Records that `instance` is alive at `now`, inside a caller's transaction.
    public static func heartbeat(_ instance: String, now: Date, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO server_instances (id, started_at, heartbeat_at) VALUES (\(bind: instance), \(bind: now), \(bind: now))
            ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at
            """
        ).run()
    }

    /// Removes this instance's row (graceful shutdown: it holds nothing any more).
    public func remove() async throws {
        try await database.transaction { db in
            try await db.raw("DELETE FROM server_instances WHERE id = \(bind: id)").run()
        }
    }

    /// A condition that holds when the instance named by `column` (a column of the outer query) has
    /// a row whose heartbeat is older than `staleAfter` before `now`: its holder is gone.
    public static func holderGone(_ column: String, now: Date, staleAfter: TimeInterval = defaultStaleAfter) -> SQLQueryString {
        """
        EXISTS (SELECT 1 FROM server_instances WHERE server_instances.id = \(unsafeRaw: column) AND server_instances.heartbeat_at < \(bind: now.addingTimeInterval(-staleAfter)))
        """
    }

    /// Deletes rows whose heartbeat is older than `age` (instances gone for good); answers how many.
    @discardableResult
    public func forget(olderThan age: TimeInterval) async throws -> Int {
        let cutoff = clock.now().addingTimeInterval(-age)
        return try await database.transaction { db in
            try await db.raw("DELETE FROM server_instances WHERE heartbeat_at < \(bind: cutoff) RETURNING id").all().count
        }
    }
}
