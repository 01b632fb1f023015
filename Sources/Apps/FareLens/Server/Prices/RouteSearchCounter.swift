import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// How often each route is searched (`farelens_route_searches`, one counter per route and UTC day),
/// for DealScore's popularity. A route is counted under the codes searched (a metro code stays a
/// metro code); ``searches(origin:destination:)`` of an airport pair also counts the searches of
/// the metro codes holding its airports.
public struct RouteSearchCounter: Sendable {
    /// The days of searches popularity counts (today and the 29 before).
    public static let windowDays = 30

    let database: any Database
    let clock: any TimeSource
    let airports: AirportCatalog

    public init(database: any Database, clock: any TimeSource, airports: AirportCatalog = .shipped) {
        self.database = database
        self.clock = clock
        self.airports = airports
    }

    /// Counts one search of `origin` → `destination` today.
    public func count(origin: String, destination: String) async throws {
        let today = LocalDate(clock.now(), in: LocalDate.utcCalendar.timeZone).text
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO farelens_route_searches (origin, destination, day, searches)
                VALUES (\(bind: origin), \(bind: destination), \(bind: today)\(db.dateCast), 1)
                ON CONFLICT (origin, destination, day) DO UPDATE SET searches = farelens_route_searches.searches + 1
                """
            ).run()
        }
    }

    /// Searches of the route in the last ``windowDays`` days, today included, under its own codes
    /// or the metro codes that hold them.
    public func searches(origin: String, destination: String) async throws -> Int {
        let today = LocalDate(clock.now(), in: LocalDate.utcCalendar.timeZone)
        let since = today.adding(days: -(Self.windowDays - 1)).text
        let origins = codes(covering: origin)
        let destinations = codes(covering: destination)
        return try await database.read { db in
            try await db.raw(
                """
                SELECT CAST(COALESCE(SUM(searches), 0) AS BIGINT) AS total FROM farelens_route_searches
                WHERE \(db.isOneOf("origin", origins)) AND \(db.isOneOf("destination", destinations)) AND day >= \(bind: since)\(db.dateCast)
                """
            ).first()?.decode(column: "total", as: Int.self) ?? 0
        }
    }

    /// `code` and the metro codes holding it (an airport), or a metro code and its airports.
    func codes(covering code: String) -> [String] {
        if let metro = airports.metro(code) { return [code] + metro.airports }
        return [code] + airports.metroCodes(containing: code)
    }
}
