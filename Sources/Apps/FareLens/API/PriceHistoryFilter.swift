import Foundation
import PlatformAPI

/// The query string of `GET /routes/{route}/price-history`: which departure days, which currency,
/// cabin and kind of trip. Read before the handler runs; what needs the route and today (the
/// range's defaults and span, the airports) is ``PriceHistoryQuery/check(route:filter:today:airports:_:)``'s.
public struct PriceHistoryFilter: RouteQuery, Equatable {
    /// The first departure day; today when absent.
    public var from: LocalDate?
    /// The last departure day; ``PriceHistoryQuery/defaultSpanDays`` after `from` when absent.
    public var to: LocalDate?
    public var currency: String
    public var cabin: FlightCabin
    public var trip: TripKind

    public init(from: LocalDate? = nil, to: LocalDate? = nil, currency: String = PriceHistoryQuery.defaultCurrency, cabin: FlightCabin = .economy, trip: TripKind = .oneWay) {
        self.from = from
        self.to = to
        self.currency = currency
        self.cabin = cabin
        self.trip = trip
    }

    public static let parameters: [QueryParameter] = [
        QueryParameter("from"), QueryParameter("to"), QueryParameter("currency"), .oneOf("cabin", FlightCabin.self, default: .economy),
        .oneOf("trip", TripKind.self, default: .oneWay),
    ]

    /// `from`/`to` real `YYYY-MM-DD` dates; `currency` three upper-case letters (USD); `cabin` one of
    /// ``FlightCabin``'s values (ECONOMY); `trip` `one_way` (default) or `round_trip`.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> PriceHistoryFilter {
        let currency = query["currency"] ?? PriceHistoryQuery.defaultCurrency
        v.check(currency.utf8.count == 3 && currency.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }, "currency", "must be three upper-case letters (USD)")
        return PriceHistoryFilter(
            from: date(query["from"], "from", &v), to: date(query["to"], "to", &v), currency: currency,
            cabin: query["cabin"] == nil ? .economy : v.requireEnum(query["cabin"], "cabin", as: FlightCabin.self) ?? .economy,
            trip: query["trip"] == nil ? .oneWay : v.requireEnum(query["trip"], "trip", as: TripKind.self) ?? .oneWay)
    }

    private static func date(_ raw: String?, _ field: String, _ v: inout Validator) -> LocalDate? {
        guard let raw else { return nil }
        guard let date = LocalDate(parsing: raw) else {
            v.fail(field, "must be a real date written YYYY-MM-DD")
            return nil
        }
        return date
    }

    public var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let from { items.append(URLQueryItem(name: "from", value: from.text)) }
        if let to { items.append(URLQueryItem(name: "to", value: to.text)) }
        items += [URLQueryItem(name: "currency", value: currency), URLQueryItem(name: "cabin", value: cabin.rawValue), URLQueryItem(name: "trip", value: trip.rawValue)]
        return items
    }
}
