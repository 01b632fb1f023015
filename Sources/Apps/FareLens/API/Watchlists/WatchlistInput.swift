import Foundation
import PlatformAPI

/// The body of `POST /watchlists` and `PUT /watchlists/{id}`, with the rules the server and the SDK
/// both apply. A `PUT` replaces every field (an absent optional one goes back to its default);
/// `paused` is read only by `PUT` (absent: unchanged; `false` resumes, within the tier's limit).
public struct WatchlistInput: Codable, Sendable, Equatable, NumberFieldRules {
    enum CodingKeys: String, CodingKey {
        case origin, destination, departureFrom = "departure_from", departureTo = "departure_to", maxPriceCents = "max_price_cents", currency
        case alertsEnabled = "alerts_enabled", paused
    }
    public var origin: String?
    public var destination: String?
    public var departureFrom: LocalDate?
    public var departureTo: LocalDate?
    public var maxPriceCents: Int?
    public var currency: String?
    public var alertsEnabled: Bool?
    public var paused: Bool?

    public init(
        origin: String?, destination: String?, departureFrom: LocalDate? = nil, departureTo: LocalDate? = nil, maxPriceCents: Int? = nil, currency: String? = nil,
        alertsEnabled: Bool? = nil, paused: Bool? = nil
    ) {
        self.origin = origin
        self.destination = destination
        self.departureFrom = departureFrom
        self.departureTo = departureTo
        self.maxPriceCents = maxPriceCents
        self.currency = currency
        self.alertsEnabled = alertsEnabled
        self.paused = paused
    }

    /// The highest price ceiling taken, in minor units (an absurd one is a mistake, not a wish).
    public static let maxPriceCents = 10_000_000
    public static var numberFieldRules: [String: String] { ["max_price_cents": WholeNumberRule.message(1...maxPriceCents)] }
    /// The currency without one.
    public static let defaultCurrency = "USD"

    /// A checked watchlist.
    public struct Entry: Sendable, Equatable {
        public var origin: String
        public var destination: String
        public var departureFrom: LocalDate?
        public var departureTo: LocalDate?
        public var maxPriceCents: Int?
        public var currency: String
        public var alertsEnabled: Bool
        /// Nil: leave as it is.
        public var paused: Bool?
    }

    /// `origin` and `destination` required, known airport or metro codes (upper-cased), covering no
    /// airport in common (LAX→LAX, NYC→JFK); `departure_from` not after `departure_to`, and the window
    /// not entirely before `today`; `max_price_cents` 1…10,000,000; `currency` one of `currencies`
    /// (upper-cased; USD without one).
    /// - Parameter airports: the airports a code stands for (itself for an airport, its members for
    ///   a metro code), nil for an unknown code.
    public static func check(_ input: WatchlistInput, today: LocalDate, currencies: Set<String>, airports: (String) -> Set<String>?) -> Checked<Entry> {
        var v = Validator()
        let origin = code(input.origin, "origin", airports: airports, &v)
        var destination = code(input.destination, "destination", airports: airports, &v)
        if let origin, let to = destination, !origin.airports.isDisjoint(with: to.airports) {
            v.fail("destination", origin.code == to.code ? "must differ from origin" : "shares airports with origin")
            destination = nil
        }
        if let from = input.departureFrom, let to = input.departureTo, to < from {
            v.fail("departure_to", "must not be before departure_from")
        } else if let to = input.departureTo, to < today {
            v.fail("departure_to", "is in the past: the window must reach today (\(today)) or later")
        }
        if let price = input.maxPriceCents {
            v.check((1...Self.maxPriceCents).contains(price), "max_price_cents", WholeNumberRule.message(1...Self.maxPriceCents))
        }
        let currency = input.currency.map { $0.trimmingCharacters(in: .whitespaces).uppercased() } ?? Self.defaultCurrency
        v.check(currencies.contains(currency), "currency", "must be one of \(currencies.sorted().joined(separator: ", "))")
        return .from(v) {
            guard let origin, let destination else { return nil }
            return Entry(
                origin: origin.code, destination: destination.code, departureFrom: input.departureFrom, departureTo: input.departureTo,
                maxPriceCents: input.maxPriceCents, currency: currency, alertsEnabled: input.alertsEnabled ?? true, paused: input.paused)
        }
    }

    /// A required code, trimmed and upper-cased, with the airports it stands for.
    static func code(_ raw: String?, _ field: String, airports: (String) -> Set<String>?, _ v: inout Validator) -> (code: String, airports: Set<String>)? {
        guard let raw else {
            v.fail(field, "is required")
            return nil
        }
        let code = raw.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            v.fail(field, "must be a three-letter IATA airport or metro code")
            return nil
        }
        guard let members = airports(code), !members.isEmpty else {
            v.fail(field, "is not a known airport or metro code")
            return nil
        }
        return (code, members)
    }
}
