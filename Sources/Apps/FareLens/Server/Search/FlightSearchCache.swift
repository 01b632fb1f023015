import FareLensAPI
import Foundation
import Persistence
import PlatformCore
import SQLKit
import Synchronization

/// Search answers by normalised query (`farelens_search_cache`), shared by every server instance on
/// PostgreSQL: fresh for ``ttl`` (5 minutes; docs/farelens.md, "Flight search and quota"), then kept as the stale fallback for when
/// every provider is out, and purged ``retention`` after they were stored (checked at most hourly,
/// on a store, with the search claims that expired, ``FlightSearchClaims``).
public final class FlightSearchCache: Sendable {
    public static let ttl: TimeInterval = 5 * 60
    public static let retention: TimeInterval = 7 * 86_400
    static let purgeInterval: TimeInterval = 3600

    /// A stored answer and when it was stored.
    public struct Entry: Sendable {
        public let response: FlightOffersResponse
        public let cachedAt: Date
        public let expiresAt: Date
    }

    let database: any Database
    let clock: any TimeSource
    private let lastPurge = Mutex<Date?>(nil)

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// The stored answer for `key`, fresh or not.
    public func entry(_ key: String) async throws -> Entry? {
        guard
            let row = try await database.read({ db in
                try await db.raw("SELECT response, cached_at, expires_at FROM farelens_search_cache WHERE query_key = \(bind: key)").first()
            })
        else { return nil }
        let text = try row.decode(column: "response", as: String.self)
        // An unreadable row (written by another version) is a miss, never a failed search.
        guard let response = try? JSONDecoder.api.decode(FlightOffersResponse.self, from: Data(text.utf8)) else { return nil }
        return Entry(response: response, cachedAt: try row.decode(column: "cached_at", as: Date.self), expiresAt: try row.decode(column: "expires_at", as: Date.self))
    }

    /// Stores `response` for `key` as of now (replacing what was there), purging old rows hourly.
    /// Keeps `response` for `key` as answered at `now` (its `meta.cached_at`; the TTL counts from it).
    public func store(_ response: FlightOffersResponse, source: FlightOfferSource, for key: String, at now: Date) async throws {
        let text = String(decoding: try JSONEncoder.api.encode(response), as: UTF8.self)
        let purge = lastPurge.withLock { last -> Bool in
            guard last.map({ now.timeIntervalSince($0) >= Self.purgeInterval || now < $0 }) ?? true else { return false }
            last = now
            return true
        }
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO farelens_search_cache (query_key, response, source, cached_at, expires_at)
                VALUES (\(bind: key), \(bind: text), \(bind: source.rawValue), \(bind: now), \(bind: now.addingTimeInterval(Self.ttl)))
                ON CONFLICT (query_key) DO UPDATE SET response = excluded.response, source = excluded.source,
                    cached_at = excluded.cached_at, expires_at = excluded.expires_at
                """
            ).run()
            if purge {
                try await db.raw("DELETE FROM farelens_search_cache WHERE cached_at < \(bind: now.addingTimeInterval(-Self.retention))").run()
                // Claims a killed instance left behind (a live one is never older than its lifetime).
                try await db.raw("DELETE FROM farelens_search_flights WHERE expires_at < \(bind: now)").run()
            }
        }
    }
}
