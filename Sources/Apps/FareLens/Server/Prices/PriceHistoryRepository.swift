import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// Every fare FareLens observed (`farelens_price_observations`): written in batches as searches
/// answer, read as daily charts and as a route's recent prices for DealScore. Kept for
/// ``retentionDays`` days after being observed: ``sweep()`` drops older ones (the app schedules it).
public struct PriceHistoryRepository: Sendable {
    /// Observations recorded in one call at most (a provider answers up to 250 offers).
    public static let maxBatch = 250
    /// Days an observation is kept after it was observed.
    public static let retentionDays = 400

    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// Stores `observations` in one statement (chunks of ``maxBatch`` in one transaction when more
    /// are given): a JSON array bound as one value, so the statement's text is the same whatever
    /// the count.
    public func record(_ observations: [PriceObservation]) async throws {
        guard !observations.isEmpty else { return }
        let chunks = stride(from: 0, to: observations.count, by: Self.maxBatch).map { start in
            Self.rowsJSON(observations[start..<min(start + Self.maxBatch, observations.count)])
        }
        try await database.transaction { db in
            for json in chunks {
                try await db.raw(db.isPostgres ? Self.insertPostgres(json) : Self.insertSQLite(json)).run()
            }
        }
    }

    /// Drops observations observed more than ``retentionDays`` days before now; answers how many.
    @discardableResult
    public func sweep() async throws -> Int {
        let cutoff = clock.now().addingTimeInterval(-Double(Self.retentionDays) * 86_400)
        return try await database.transaction { db in
            let count =
                try await db.raw("SELECT COUNT(*) AS n FROM farelens_price_observations WHERE observed_at < \(bind: cutoff)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            try await db.raw("DELETE FROM farelens_price_observations WHERE observed_at < \(bind: cutoff)").run()
            return count
        }
    }

    /// Per departure date in `from...to`, the lowest, median and highest fare from any of `origins`
    /// to any of `destinations` in `currency` and `cabin`, one-way or round trips, and how many.
    /// Exact on both databases: the middle one or two fares of each day are picked by window
    /// functions, so at most one row per day leaves the database.
    public func dailySummaries(
        origins: [String], destinations: [String], from: LocalDate, to: LocalDate, currency: String, cabin: FlightCabin, trip: TripKind
    ) async throws -> [DailyPriceSummary] {
        try await database.read { db in
            let returnTest: SQLQueryString = trip == .oneWay ? "return_date IS NULL" : "return_date IS NOT NULL"
            let rows = try await db.raw(
                """
                SELECT departure_day, MIN(price_cents) AS low, MAX(price_cents) AS high, MAX(n) AS n,
                    CAST(SUM(CASE WHEN place IN ((n + 1) / 2, (n + 2) / 2) THEN price_cents ELSE 0 END) AS BIGINT) AS middle_sum,
                    CAST(SUM(CASE WHEN place IN ((n + 1) / 2, (n + 2) / 2) THEN 1 ELSE 0 END) AS BIGINT) AS middle_count
                FROM (
                    SELECT \(db.dateText("departure_date")) AS departure_day, price_cents,
                        ROW_NUMBER() OVER (PARTITION BY departure_date ORDER BY price_cents) AS place,
                        COUNT(*) OVER (PARTITION BY departure_date) AS n
                    FROM farelens_price_observations
                    WHERE \(db.isOneOf("origin", origins)) AND \(db.isOneOf("destination", destinations))
                        AND departure_date >= \(bind: from.text)\(db.dateCast) AND departure_date <= \(bind: to.text)\(db.dateCast)
                        AND currency = \(bind: currency) AND cabin = \(bind: cabin.rawValue) AND \(returnTest)
                ) ranked
                GROUP BY departure_day ORDER BY departure_day
                """
            ).all()
            return try rows.compactMap { row in
                guard let day = LocalDate(try row.decode(column: "departure_day", as: String.self)) else { return nil }
                let middleSum = try row.decode(column: "middle_sum", as: Int.self)
                let middleCount = try row.decode(column: "middle_count", as: Int.self)
                return DailyPriceSummary(
                    date: day, minCents: try row.decode(column: "low", as: Int.self), medianCents: Self.middleMean(sum: middleSum, count: middleCount),
                    maxCents: try row.decode(column: "high", as: Int.self), count: try row.decode(column: "n", as: Int.self))
            }
        }
    }

    /// The latest `limit` fares observed on one route (airports, not metro codes) in `currency` and
    /// `cabin`, one-way or round trips, newest first: DealScore's history.
    public func recentPrices(
        origin: String, destination: String, currency: String, cabin: FlightCabin, trip: TripKind, limit: Int
    ) async throws -> [ObservedPrice] {
        try await database.read { db in
            let returnTest: SQLQueryString = trip == .oneWay ? "return_date IS NULL" : "return_date IS NOT NULL"
            return try await db.raw(
                """
                SELECT price_cents, observed_at FROM farelens_price_observations
                WHERE origin = \(bind: origin) AND destination = \(bind: destination) AND currency = \(bind: currency) AND cabin = \(bind: cabin.rawValue)
                    AND \(returnTest)
                ORDER BY observed_at DESC LIMIT \(bind: limit)
                """
            ).all().map { row in
                ObservedPrice(priceCents: try row.decode(column: "price_cents", as: Int.self), observedAt: try row.decode(column: "observed_at", as: Date.self))
            }
        }
    }

    /// The median from the sum and count (1 or 2) of the middle fares: their mean, half a minor unit
    /// rounded up.
    static func middleMean(sum: Int, count: Int) -> Int {
        count > 1 ? (sum + count - 1) / count : sum
    }

    /// One observation as a JSON object of the bound array (short keys; dates as text, the time
    /// observed as seconds since 1970, which is how SQLite stores a `Date`; no `ret`: NULL).
    struct Row: Encodable {
        var o: String
        var d: String
        var dep: String
        var ret: String?
        var cabin: String
        var price: Int
        var cur: String
        var air: String
        var src: String
        var at: Double
    }

    static func rowsJSON(_ observations: ArraySlice<PriceObservation>) -> String {
        let rows = observations.map {
            Row(
                o: $0.origin, d: $0.destination, dep: $0.departureDate.text, ret: $0.returnDate?.text, cabin: $0.cabin.rawValue, price: $0.priceCents,
                cur: $0.currency, air: $0.airline, src: $0.source.rawValue, at: $0.observedAt.timeIntervalSince1970)
        }
        // Encoding strings, integers and finite doubles cannot fail.
        return String(decoding: (try? JSONEncoder().encode(rows)) ?? Data("[]".utf8), as: UTF8.self)
    }

    static let columns = "origin, destination, departure_date, return_date, cabin, price_cents, currency, airline, source, observed_at"

    static func insertSQLite(_ json: String) -> SQLQueryString {
        """
        INSERT INTO farelens_price_observations (\(unsafeRaw: columns))
        SELECT json_extract(value, '$.o'), json_extract(value, '$.d'), json_extract(value, '$.dep'), json_extract(value, '$.ret'),
            json_extract(value, '$.cabin'), json_extract(value, '$.price'), json_extract(value, '$.cur'), json_extract(value, '$.air'),
            json_extract(value, '$.src'), json_extract(value, '$.at')
        FROM json_each(\(bind: json))
        """
    }

    static func insertPostgres(_ json: String) -> SQLQueryString {
        """
        INSERT INTO farelens_price_observations (\(unsafeRaw: columns))
        SELECT r.o, r.d, r.dep::date, r.ret::date, r.cabin, r.price, r.cur, r.air, r.src, to_timestamp(r.at)
        FROM jsonb_to_recordset(\(bind: json)::jsonb)
            AS r(o text, d text, dep text, ret text, cabin text, price bigint, cur text, air text, src text, at double precision)
        """
    }
}
