import Foundation
import Persistence
import PlatformCore
import SQLKit

/// Which server instance is fetching a search from the providers right now
/// (`farelens_search_flights`, one row per in-flight query and priority class), so identical
/// searches arriving at several instances behind a load balancer make one provider call and spend
/// one quota unit: the instance whose claim is written fetches, the others wait for the shared
/// cache. A claim is deleted when its fetch ends (answered or failed); one left by a killed
/// instance expires after ``lifetime`` by the app clock and is then taken over. No connection or
/// lock is held while the provider answers: a claim is one short statement.
public final class FlightSearchClaims: Sendable {
    /// How long a claim holds another instance off: about the longest a provider chain takes.
    public static let lifetime: TimeInterval = 30

    let database: any Database
    let clock: any TimeSource
    let lifetime: TimeInterval
    /// This instance (one per claims object): a claim is released only by whoever wrote it.
    let owner = UUID().uuidString

    public init(database: any Database, clock: any TimeSource, lifetime: TimeInterval = FlightSearchClaims.lifetime) {
        self.database = database
        self.clock = clock
        self.lifetime = lifetime
    }

    /// Claims `flight` for this instance: true when no other instance holds a live claim on it
    /// (none, or one expired by the clock, which this one replaces).
    func claim(_ flight: String) async throws -> Bool {
        let now = clock.now()
        return try await database.transaction { [owner, lifetime] db in
            try await db.raw(
                """
                INSERT INTO farelens_search_flights (flight_key, owner, expires_at)
                VALUES (\(bind: flight), \(bind: owner), \(bind: now.addingTimeInterval(lifetime)))
                ON CONFLICT (flight_key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
                WHERE farelens_search_flights.expires_at <= \(bind: now)
                RETURNING owner
                """
            ).first() != nil
        }
    }

    /// Deletes this instance's claim on `flight` (not one another instance took over since).
    func release(_ flight: String) async throws {
        try await database.transaction { [owner] db in
            try await db.raw("DELETE FROM farelens_search_flights WHERE flight_key = \(bind: flight) AND owner = \(bind: owner)").run()
        }
    }
}
