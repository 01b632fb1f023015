import FareLensAPI
import Foundation
import Jobs
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// Interaction telemetry (`farelens_events`): each row holds an install's anonymous id, the event's
/// name, its properties and when it arrived, and nothing that names a user. An install may send
/// `perMinute` events in any 60 seconds (counted in the table, so every server instance shares the
/// count; on PostgreSQL a lock on the install id keeps concurrent batches from passing it).
public struct TelemetryRepository: Sendable {
    let database: any Database
    let clock: any TimeSource
    public let perMinute: Int
    /// How long events are kept (``sweep()``).
    public let retention: TimeInterval

    public init(database: any Database, clock: any TimeSource, perMinute: Int = 60, retention: TimeInterval = 90 * 86_400) {
        self.database = database
        self.clock = clock
        self.perMinute = perMinute
        self.retention = retention
    }

    /// A batch that would take the install past its cap: nothing of it was stored.
    public struct OverCap: Error, Sendable {
        /// Seconds until enough of the window has passed for this batch.
        public var retryAfter: Int
    }

    /// Stores the batch whole, or nothing and ``OverCap`` when the install's last minute holds too
    /// many events for it.
    public func record(_ batch: TelemetryBatch) async throws {
        let now = clock.now()
        let windowStart = now.addingTimeInterval(-60)
        let perMinute = perMinute
        let rows = try batch.events.map { event in (id: UUID(), name: event.name.rawValue, properties: try Self.text(event.properties)) }
        try await database.transaction { db in
            try await db.serializeTransactions(on: batch.installID.uuidString)
            let recent = try await db.raw(
                """
                SELECT received_at FROM farelens_events WHERE install_id = \(bind: batch.installID) AND received_at > \(bind: windowStart)
                ORDER BY received_at
                """
            ).all().map { try $0.decode(column: "received_at", as: Date.self) }
            if recent.count + rows.count > perMinute {
                // The batch fits once the oldest `excess` events have left the window.
                let excess = recent.count + rows.count - perMinute
                let freedAt = excess <= recent.count ? recent[excess - 1].addingTimeInterval(60) : now.addingTimeInterval(60)
                throw OverCap(retryAfter: max(1, Int(freedAt.timeIntervalSince(now).rounded(.up))))
            }
            for row in rows {
                try await db.raw(
                    """
                    INSERT INTO farelens_events (id, install_id, name, properties, received_at)
                    VALUES (\(bind: row.id), \(bind: batch.installID), \(bind: row.name), \(bind: row.properties), \(bind: now))
                    """
                ).run()
            }
        }
    }

    /// Deletes events older than the retention; answers how many.
    @discardableResult
    public func sweep() async throws -> Int {
        let cutoff = clock.now().addingTimeInterval(-retention)
        return try await database.transaction { db in
            let n = try await db.raw("SELECT COUNT(*) AS n FROM farelens_events WHERE received_at < \(bind: cutoff)").first()?.decode(column: "n", as: Int.self) ?? 0
            try await db.raw("DELETE FROM farelens_events WHERE received_at < \(bind: cutoff)").run()
            return n
        }
    }

    static func text(_ properties: [String: JSONValue]) throws -> String {
        String(decoding: try JSONValue.object(properties).data(), as: UTF8.self)
    }
}

extension TelemetryRepository {
    static let sweepJobKind = "farelens.telemetry_sweep"

    /// Sweeps events past their retention daily.
    func registerJobs(on scheduler: JobScheduler) {
        scheduler.recurring(RecurringJob(name: "farelens-telemetry-sweep", kind: Self.sweepJobKind, schedule: .daily(hour: 3, minute: 20))) {
            try await sweep()
        }
    }
}
