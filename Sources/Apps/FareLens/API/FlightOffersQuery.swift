import Foundation
import PlatformAPI

/// The query of `GET /v2/shopping/flight-offers`, in Amadeus's names: what one search asks. Its
/// shape is read here, by the same rules in the server and the SDK (codes three upper-case letters,
/// real dates and a return not before the departure, 1–9 adults, children and infants together at
/// most 9 and no more infants than adults, a cabin, `max` 1–250, `nonStop` true or false); what
/// needs the server's airport catalog, its currencies and the origin's today is the server's
/// further check, named in the same 422.
public struct FlightOffersQuery: RouteQuery, Equatable {
    /// An IATA airport or metro code (a metro code searches its busiest airport).
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    /// Absent for one way.
    public var returnDate: LocalDate?
    public var adults: Int
    public var children: Int
    public var infants: Int
    /// Nil for the default, economy.
    public var travelClass: FlightCabin?
    /// An ISO 4217 code the server prices; nil for USD.
    public var currencyCode: String?
    /// The most offers to answer; nil for the provider's default.
    public var max: Int?
    public var nonStop: Bool

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate? = nil, adults: Int = 1, children: Int = 0, infants: Int = 0,
        travelClass: FlightCabin? = nil, currencyCode: String? = nil, max: Int? = nil, nonStop: Bool = false
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.adults = adults
        self.children = children
        self.infants = infants
        self.travelClass = travelClass
        self.currencyCode = currencyCode
        self.max = max
        self.nonStop = nonStop
    }

    public static let parameters: [QueryParameter] = [
        QueryParameter("origin", required: true), QueryParameter("destination", required: true), QueryParameter("departureDate", required: true),
        QueryParameter("returnDate"), .integer("adults", range: 1...FlightSearchRules.maxTravellers, default: 1),
        .integer("children", range: 0...FlightSearchRules.maxTravellers, default: 0), .integer("infants", range: 0...FlightSearchRules.maxTravellers, default: 0),
        .oneOf("travelClass", FlightCabin.self, default: .economy), QueryParameter("currencyCode"), .integer("max", range: 1...FlightSearchRules.maxOffers),
        QueryParameter("nonStop", schema: .object(["type": .string("boolean"), "default": .bool(false)])),
    ]

    public static func read(_ query: QueryValues, _ v: inout Validator) -> FlightOffersQuery {
        let origin = code(query["origin"], "origin", &v)
        let destination = code(query["destination"], "destination", &v)
        let departure = date(query["departureDate"], "departureDate", required: true, &v)
        let returnDate = date(query["returnDate"], "returnDate", required: false, &v)
        if let departure, let returnDate { v.check(returnDate >= departure, "returnDate", "must not be before departureDate") }
        let before = v.errors.count
        let adults = v.queryInteger(query["adults"], "adults", default: 1, range: 1...FlightSearchRules.maxTravellers)
        let children = v.queryInteger(query["children"], "children", default: 0, range: 0...FlightSearchRules.maxTravellers)
        let infants = v.queryInteger(query["infants"], "infants", default: 0, range: 0...FlightSearchRules.maxTravellers)
        if v.errors.count == before {
            v.check(infants <= adults, "infants", "must not outnumber adults (each infant travels on an adult's lap)")
            v.check(
                adults + children + infants <= FlightSearchRules.maxTravellers, "adults",
                "adults, children and infants together must be at most \(FlightSearchRules.maxTravellers)")
        }
        var cabin: FlightCabin?
        if let raw = query["travelClass"] { cabin = v.requireEnum(raw, "travelClass", as: FlightCabin.self) }
        var max: Int?
        if let raw = query["max"] { max = v.queryInteger(raw, "max", default: 1, range: 1...FlightSearchRules.maxOffers) }
        var nonStop = false
        if let raw = query["nonStop"] {
            if raw == "true" || raw == "false" { nonStop = raw == "true" } else { v.fail("nonStop", "must be true or false") }
        }
        return FlightOffersQuery(
            origin: origin ?? "", destination: destination ?? "", departureDate: departure ?? LocalDate(dayNumber: 0), returnDate: returnDate, adults: adults,
            children: children, infants: infants, travelClass: cabin, currencyCode: query["currencyCode"], max: max, nonStop: nonStop)
    }

    /// Three upper-case letters; nil (and an error) otherwise.
    private static func code(_ raw: String?, _ field: String, _ v: inout Validator) -> String? {
        guard let raw else {
            v.fail(field, "is required")
            return nil
        }
        guard raw.utf8.count == 3, raw.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            v.fail(field, "must be an IATA code: three upper-case letters")
            return nil
        }
        return raw
    }

    private static func date(_ raw: String?, _ field: String, required: Bool, _ v: inout Validator) -> LocalDate? {
        guard let raw else {
            if required { v.fail(field, "is required") }
            return nil
        }
        guard let date = LocalDate(parsing: raw) else {
            v.fail(field, "must be a date, YYYY-MM-DD")
            return nil
        }
        return date
    }

    /// What the SDK sends: the required fields and `adults` always, the rest when they say more than the default.
    public var queryItems: [URLQueryItem] {
        var items = [
            URLQueryItem(name: "origin", value: origin), URLQueryItem(name: "destination", value: destination),
            URLQueryItem(name: "departureDate", value: departureDate.description), URLQueryItem(name: "adults", value: String(adults)),
        ]
        if let returnDate { items.append(URLQueryItem(name: "returnDate", value: returnDate.description)) }
        if children > 0 { items.append(URLQueryItem(name: "children", value: String(children))) }
        if infants > 0 { items.append(URLQueryItem(name: "infants", value: String(infants))) }
        if let travelClass { items.append(URLQueryItem(name: "travelClass", value: travelClass.rawValue)) }
        if let currencyCode { items.append(URLQueryItem(name: "currencyCode", value: currencyCode)) }
        if let max { items.append(URLQueryItem(name: "max", value: String(max))) }
        if nonStop { items.append(URLQueryItem(name: "nonStop", value: "true")) }
        return items
    }
}
