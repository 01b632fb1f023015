import Foundation
import PlatformAPI

/// The query of `GET /routes/{route}/price-history` once checked, by the same rules in the server
/// and the SDK.
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

    /// `route` `AAA-BBB` of two known codes (`airports` answers the airports a code stands for, none
    /// when unknown) sharing no airport (not `NYC-JFK`); `from`/`to` real `YYYY-MM-DD`
    /// dates (default today and today + 90), `from` ≤ `to`, at most 366 days together; `currency`
    /// three upper-case letters (USD); `cabin` one of ``FlightCabin``'s values (ECONOMY); `trip`
    /// `one_way` (default) or `round_trip`. Every offending field is named.
    public static func check(
        route: String, from: String?, to: String?, currency: String?, cabin: String?, trip: String?, today: LocalDate, airports: (String) -> Set<String>
    ) -> Checked<PriceHistoryQuery> {
        var v = Validator()
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
        let start = date(from, "from", default: today, &v)
        let end = date(to, "to", default: (start ?? today).adding(days: defaultSpanDays), &v)
        if let start, let end {
            if end < start {
                v.fail("to", "must not be before from (\(start))")
            } else if start.days(until: end) + 1 > maxSpanDays {
                v.fail("to", "must be at most \(maxSpanDays - 1) days after from (\(start))")
            }
        }
        let currency = currency ?? defaultCurrency
        v.check(currency.utf8.count == 3 && currency.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }, "currency", "must be three upper-case letters (USD)")
        let cabin = cabin == nil ? FlightCabin.economy : v.requireEnum(cabin, "cabin", as: FlightCabin.self)
        let trip = trip == nil ? TripKind.oneWay : v.requireEnum(trip, "trip", as: TripKind.self)
        return .from(v) {
            guard let pair, let start, let end, let cabin, let trip else { return nil }
            return PriceHistoryQuery(route: pair, from: start, to: end, currency: currency, cabin: cabin, trip: trip)
        }
    }

    private static func date(_ raw: String?, _ field: String, default value: LocalDate, _ v: inout Validator) -> LocalDate? {
        guard let raw else { return value }
        guard let date = LocalDate(parsing: raw) else {
            v.fail(field, "must be a real date written YYYY-MM-DD")
            return nil
        }
        return date
    }

    /// The query string the SDK sends.
    public var queryItems: [URLQueryItem] {
        [
            URLQueryItem(name: "from", value: from.text), URLQueryItem(name: "to", value: to.text), URLQueryItem(name: "currency", value: currency),
            URLQueryItem(name: "cabin", value: cabin.rawValue), URLQueryItem(name: "trip", value: trip.rawValue),
        ]
    }
}
