import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// The background refresh of popular routes: searches each of ``PopularRoute``s on a few dates ahead
/// through the search service (purpose `.background`, so it yields to users when quota is short); the
/// service's observer scores the offers and records the deals. Run at server start (a zero-config
/// server then has a feed at once) and on a schedule. A failed search is counted, not thrown.
public struct DealRefresher: Sendable {
    /// What one refresh did.
    public struct Counts: Sendable, Equatable {
        public var searches = 0
        public var offers = 0
        public var failures = 0
    }

    /// 40 routes among the busiest airports of the shipped catalog, every region.
    public static let popularRoutes: [PopularRoute] = [
        // North America
        .init("JFK", "LAX"), .init("LAX", "JFK"), .init("ORD", "LAX"), .init("ATL", "LAX"), .init("SFO", "JFK"),
        .init("DFW", "ORD"), .init("DEN", "LAX"), .init("SEA", "SFO"), .init("MIA", "JFK"), .init("BOS", "SFO"),
        // Across the Atlantic
        .init("JFK", "LHR"), .init("LHR", "JFK"), .init("EWR", "CDG"), .init("ORD", "FRA"), .init("LAX", "LHR"),
        .init("BOS", "DUB"), .init("ATL", "AMS"), .init("IAD", "MAD"),
        // Europe and the Middle East
        .init("LHR", "CDG"), .init("CDG", "FCO"), .init("AMS", "BCN"), .init("FRA", "IST"), .init("MAD", "LHR"),
        .init("MUC", "LHR"), .init("DXB", "LHR"), .init("CAI", "DXB"),
        // Asia and the Pacific
        .init("HND", "ICN"), .init("SIN", "BKK"), .init("HKG", "TPE"), .init("SYD", "MEL"), .init("LAX", "NRT"),
        .init("SFO", "HND"), .init("DEL", "DXB"), .init("SIN", "SYD"), .init("PEK", "PVG"),
        // Latin America and Africa
        .init("GRU", "EZE"), .init("MEX", "LAX"), .init("YYZ", "JFK"), .init("BOG", "MIA"), .init("JNB", "CPT"),
    ]
    /// Days ahead searched for each route: every week from 1 to 8 weeks out. Eight dates give each
    /// route about 80 observed fares per refresh, which is enough history for DealScore's confidence
    /// (30 fares) and a median baseline from the first refresh of a fresh server on.
    public static let leadDays = [7, 14, 21, 28, 35, 42, 49, 56]

    let search: any FlightSearching
    let routes: [PopularRoute]
    let leadDays: [Int]
    let clock: any TimeSource

    public init(search: any FlightSearching, routes: [PopularRoute] = Self.popularRoutes, leadDays: [Int] = Self.leadDays, clock: any TimeSource) {
        self.search = search
        self.routes = routes
        self.leadDays = leadDays
        self.clock = clock
    }

    /// Searches every route on every lead day (economy, one adult, USD, one way); answers the counts.
    @discardableResult
    public func refresh() async -> Counts {
        let today = LocalDate(clock.now(), in: LocalDate.utcCalendar.timeZone)
        var counts = Counts()
        for route in routes {
            for days in leadDays {
                if Task.isCancelled { return counts }
                counts.searches += 1
                let query = FlightSearchQuery(origin: route.origin, destination: route.destination, departureDate: today.adding(days: days))
                do {
                    counts.offers += try await search.search(query, purpose: .background).data.count
                } catch {
                    counts.failures += 1
                }
            }
        }
        return counts
    }
}
