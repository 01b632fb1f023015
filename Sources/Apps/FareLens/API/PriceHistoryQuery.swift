import Foundation
import PlatformAPI

/// The query of `GET /routes/{route}/price-history` once checked with its route and today: what the
/// server reads from its history. Its query string is a ``PriceHistoryFilter``.
public struct PriceHistoryQuery: Sendable, Equatable {
    /// Departure days a query spans at most (both ends included).
    public static let maxSpanDays = 366
    /// Days after `from` that `to` defaults to.
    public static let defaultSpanDays = 90
    public static let defaultCurrency = "USD"

    public var route: RoutePair
    public var from: LocalDate
    public var to: LocalDate
    public var currency: String
    public var cabin: FlightCabin
    public var trip: TripKind

    public init(route: RoutePair, from: LocalDate, to: LocalDate, currency: String = defaultCurrency, cabin: FlightCabin = .economy, trip: TripKind = .oneWay) {
        self.route = route
        self.from = from
        self.to = to
        self.currency = currency
        self.cabin = cabin
        self.trip = trip
    }

    /// The query `filter` asks for of `route`: `route` `AAA-BBB` of two known codes (`airports`
    /// answers the airports a code stands for, none when unknown) sharing no airport (not
    /// `NYC-JFK`); `from` today and `to` ``defaultSpanDays`` after it when absent, `from` ≤ `to`,
    /// at most 366 days together. Each offending field is recorded in `v`, beside the filter's own
    /// (one 422).
    public static func check(route: String, filter: PriceHistoryFilter, today: LocalDate, airports: (String) -> Set<String>, _ v: inout Validator) -> PriceHistoryQuery? {
        var pair = RoutePair(pathComponent: route)
        if let known = pair {
            let (origins, destinations) = (airports(known.origin), airports(known.destination))
            let unknown = [(known.origin, origins), (known.destination, destinations)].filter { $0.1.isEmpty }.map(\.0)
            if !unknown.isEmpty {
                v.fail("route", "names no known airport or metro code: \(unknown.joined(separator: ", "))")
                pair = nil
            } else if !origins.isDisjoint(with: destinations) {
                v.fail("route", "must join two places that share no airport (not \(known.origin)-\(known.destination))")
                pair = nil
            }
        } else {
            v.fail("route", "must be two different IATA codes joined by a hyphen, upper case (LAX-JFK)")
        }
        let start = filter.from ?? today
        let end = filter.to ?? start.adding(days: defaultSpanDays)
        // A date the filter could not read has no span to compare.
        if !v.errors.contains(where: { $0.field == "from" || $0.field == "to" }) {
            if end < start {
                v.fail("to", "must not be before from (\(start))")
            } else if start.days(until: end) + 1 > maxSpanDays {
                v.fail("to", "must be at most \(maxSpanDays - 1) days after from (\(start))")
            }
        }
        return pair.map { PriceHistoryQuery(route: $0, from: start, to: end, currency: filter.currency, cabin: filter.cabin, trip: filter.trip) }
    }

    /// The query string the SDK sends for it.
    public var filter: PriceHistoryFilter { PriceHistoryFilter(from: from, to: to, currency: currency, cabin: cabin, trip: trip) }
}
