import Foundation
import PlatformAPI

/// A route as one path segment, `LAX-JFK`: two IATA codes (airports or metro codes such as `NYC`)
/// joined by a hyphen, upper case. Why a type: the platform's routes take one typed path parameter,
/// and the price history is addressed by origin and destination together.
public struct RoutePair: PathParameter, Hashable {
    public var origin: String
    public var destination: String

    public init(origin: String, destination: String) {
        self.origin = origin
        self.destination = destination
    }

    /// `AAA-BBB` with two different three-letter (or digit) upper-case codes; nil otherwise.
    public init?(pathComponent: String) {
        let parts = pathComponent.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(Self.isCode), parts[0] != parts[1] else { return nil }
        self.init(origin: String(parts[0]), destination: String(parts[1]))
    }

    public var pathComponent: String { "\(origin)-\(destination)" }
    public static var notFoundName: String { "Route" }
    public static var notFoundCode: String { "route_not_found" }

    /// Three upper-case ASCII letters or digits: an IATA code's shape.
    public static func isCode(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 3 && text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}

/// Which fares a price series holds: one-way fares and round trips are never mixed (a round trip's
/// price covers both ways).
public enum TripKind: String, Codable, Sendable, CaseIterable {
    case oneWay = "one_way"
    case roundTrip = "round_trip"
}

/// One departure date of a route's price history: the lowest, median and highest observed fare per
/// adult (minor units) and how many fares were observed. The median of an even count is the mean of
/// the two middle fares, half a minor unit rounded up.
public struct DailyPriceSummary: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case date, minCents = "min_cents", medianCents = "median_cents", maxCents = "max_cents", count }
    public var date: LocalDate
    public var minCents: Int
    public var medianCents: Int
    public var maxCents: Int
    public var count: Int

    public init(date: LocalDate, minCents: Int, medianCents: Int, maxCents: Int, count: Int) {
        self.date = date
        self.minCents = minCents
        self.medianCents = medianCents
        self.maxCents = maxCents
        self.count = count
    }
}

/// The answer of `GET /routes/{route}/price-history`: the days with observations, in date order, in
/// one currency (fares observed in other currencies are left out, never converted).
public struct PriceHistory: Codable, Sendable, Equatable {
    public var data: [DailyPriceSummary]
    public var currency: String

    public init(data: [DailyPriceSummary], currency: String) {
        self.data = data
        self.currency = currency
    }
}

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

extension FareLensRoutes {
    /// A route's price history for charts, `?from&to&currency&cabin&trip`: per departure date the
    /// lowest, median and highest fare observed and how many. The path's `{route}` is `LAX-JFK`
    /// (metro codes stand for their airports); a malformed or unknown one is a 422 naming `route`.
    public static let priceHistory = Route<Unchecked<RoutePair>, NoBody, PriceHistory>(.get, root, "/routes/{route}/price-history")

    /// The price routes, part of ``all``.
    public static let priceRoutes: [RouteShape] = [priceHistory.shape]
}
