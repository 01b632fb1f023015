import Foundation
import PlatformAPI

/// One airport (or metropolitan-area code) offered by autocomplete: what a search field shows and
/// what a search or watchlist then sends (`iata`).
public struct AirportSuggestion: Codable, Sendable, Equatable, Hashable {
    /// The IATA code: an airport's, or a metropolitan area's (`NYC`) standing for its airports.
    public var iata: String
    public var name: String
    public var city: String
    /// ISO 3166-1 alpha-2.
    public var country: String
    /// The display label, "Los Angeles (LAX)": city, then the code.
    public var label: String

    public init(iata: String, name: String, city: String, country: String) {
        self.iata = iata
        self.name = name
        self.city = city
        self.country = country
        self.label = "\(city) (\(iata))"
    }
}

/// The query of `GET /airports` (`q`, `limit`), checked by the same rules in the server and the SDK.
public struct AirportQuery: Sendable, Equatable {
    /// The longest `q` taken, in characters (after trimming).
    public static let maxTextLength = 64
    public static let defaultLimit = 10
    public static let maxLimit = 50

    public var text: String
    public var limit: Int

    public init(text: String, limit: Int = Self.defaultLimit) {
        self.text = text
        self.limit = limit
    }

    /// `q` required, not blank, at most 64 characters; `limit` a whole number in 1–50 (10 when absent).
    public static func check(q: String?, limit: String?) -> Checked<AirportQuery> {
        var v = Validator()
        let text = v.requireText(q, "q", maxLength: maxTextLength)
        let limit = v.queryInteger(limit, "limit", default: defaultLimit, range: 1...maxLimit)
        return .from(v) { text.map { AirportQuery(text: $0, limit: limit) } }
    }

    /// The query string the SDK sends.
    public var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: text), URLQueryItem(name: "limit", value: String(limit))] }
}

extension FareLensRoutes {
    /// Airport autocomplete, `?q=&limit=`: an exact IATA or metro code first (a metro code followed
    /// by its airports), then prefix matches of code, city or name (accents and case ignored),
    /// large airports first.
    public static let airports = Route<NoParameter, NoBody, [AirportSuggestion]>(.get, root, "/airports")

    /// The airport routes, part of ``all``.
    public static let airportRoutes: [RouteShape] = [airports.shape]
}
