import Foundation
import PlatformAPI

/// The filters of `GET /deals` (`origin`, `destination`, `airlines`, `max_price`), checked by the same
/// rules in the server and the SDK. Codes are taken in either case and kept upper case; whether an
/// airport or metro code exists is the server's check.
public struct DealFeedFilter: RouteQuery, Equatable {
    /// The most airlines one `airlines` list may name.
    public static let maxAirlines = 20
    /// The highest `max_price` taken, in minor units (100 million in major units).
    public static let maxPriceLimit = 10_000_000_000

    /// An airport or metro code (`NYC` stands for JFK, LGA and EWR).
    public var origin: String?
    public var destination: String?
    /// Two-character IATA airline codes; empty for any airline.
    public var airlines: [String]
    /// The highest total price, in minor units of the deal's currency (cents).
    public var maxPriceCents: Int?

    public init(origin: String? = nil, destination: String? = nil, airlines: [String] = [], maxPriceCents: Int? = nil) {
        self.origin = origin
        self.destination = destination
        self.airlines = airlines
        self.maxPriceCents = maxPriceCents
    }

    public static let parameters: [QueryParameter] = [
        QueryParameter("origin"), QueryParameter("destination"), QueryParameter("airlines"), .integer("max_price", range: 1...maxPriceLimit),
    ]

    /// `origin`/`destination` three letters (an airport or metro code); `airlines` a comma list of
    /// 1–20 two-character codes (letters and digits); `max_price` a whole number of minor units, 1 or more.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> DealFeedFilter {
        func code(_ raw: String?, _ field: String) -> String? {
            guard let raw else { return nil }
            // ASCII letters before upper-casing: `ıad` upper-cases to IAD, `ßa` to SSA.
            let ok = raw.utf8.count == 3 && raw.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0 & 0xDF) && $0 < 0x80 }
            let code = raw.uppercased()
            v.check(ok, field, "must be a three-letter IATA airport or metro code")
            return ok ? code : nil
        }
        let from = code(query["origin"], "origin")
        let to = code(query["destination"], "destination")
        var carriers: [String] = []
        if let airlines = query["airlines"] {
            let given = airlines.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            // Checked as given (ASCII letters or digits), then upper-cased.
            let ok =
                (1...maxAirlines).contains(given.count)
                && given.allSatisfy {
                    $0.utf8.count == 2
                        && $0.utf8.allSatisfy { $0 < 0x80 && ((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0 & 0xDF) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)) }
                }
            let codes = given.map { $0.uppercased() }
            v.check(ok, "airlines", "must be a comma-separated list of 1–\(maxAirlines) two-character IATA airline codes")
            if ok { carriers = Array(Set(codes)).sorted() }
        }
        var price: Int?
        if let maxPrice = query["max_price"] {
            price = Validator.wholeNumber(maxPrice).flatMap { (1...maxPriceLimit).contains($0) ? $0 : nil }
            v.check(price != nil, "max_price", "must be a whole number of minor units (cents) from 1 to \(maxPriceLimit)")
        }
        return DealFeedFilter(origin: from, destination: to, airlines: carriers, maxPriceCents: price)
    }

    /// ``read(_:_:)`` of the filters as typed (the CLI's options).
    public static func check(origin: String?, destination: String?, airlines: String?, maxPrice: String?) -> Checked<DealFeedFilter> {
        let given = [("origin", origin), ("destination", destination), ("airlines", airlines), ("max_price", maxPrice)]
        return check(QueryValues(given.compactMap { name, value in value.map { (name: name, value: $0) } }))
    }

    /// The query string the SDK sends.
    public var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let origin { items.append(URLQueryItem(name: "origin", value: origin)) }
        if let destination { items.append(URLQueryItem(name: "destination", value: destination)) }
        if !airlines.isEmpty { items.append(URLQueryItem(name: "airlines", value: airlines.joined(separator: ","))) }
        if let maxPriceCents { items.append(URLQueryItem(name: "max_price", value: String(maxPriceCents))) }
        return items
    }
}
