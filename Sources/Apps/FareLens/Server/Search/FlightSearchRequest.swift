import FareLensAPI
import Foundation
import PlatformAPI

/// Reads the query of `GET /v2/shopping/flight-offers` into a ``FlightSearchQuery``, every problem
/// named at once: codes three upper-case letters of a known airport or metro code (a metro code
/// searches its busiest airport: NYC → JFK), origin and destination apart (not the same airport nor
/// the same metro area), the departure from the origin airport's local today to 330 days ahead, a
/// return not before it nor beyond that, 1–9 adults, children and infants together at most 9 and no
/// more infants than adults, a cabin and a currency the server prices, `max` 1–250.
public struct FlightSearchRequest: Sendable {
    let catalog: AirportCatalog

    public init(catalog: AirportCatalog = .shipped) { self.catalog = catalog }

    public func check(_ parameter: (String) -> String?, now: Date) -> Checked<FlightSearchQuery> {
        var v = Validator()
        let origin = airports(parameter("origin"), "origin", &v)
        var destination = airports(parameter("destination"), "destination", &v)
        if let origin, let to = destination, !Set(origin.map(\.iata)).isDisjoint(with: to.map(\.iata)) {
            v.fail("destination", "must differ from origin (not the same airport or metro area)")
            destination = nil
        }
        let zone = origin?.first.flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(identifier: "UTC")!
        let today = LocalDate(now, in: zone)
        let latest = today.adding(days: FlightSearchRules.maxDaysAhead)
        let departure = date(parameter("departureDate"), "departureDate", required: true, &v)
        if let departure {
            v.check(departure >= today, "departureDate", "must not be in the past (today is \(today) at the origin)")
            v.check(departure <= latest, "departureDate", "must be at most \(FlightSearchRules.maxDaysAhead) days ahead (until \(latest))")
        }
        let returnDate = date(parameter("returnDate"), "returnDate", required: false, &v)
        if let returnDate {
            if let departure { v.check(returnDate >= departure, "returnDate", "must not be before departureDate") }
            v.check(returnDate <= latest, "returnDate", "must be at most \(FlightSearchRules.maxDaysAhead) days ahead (until \(latest))")
        }
        let before = v.errors.count
        let adults = v.queryInteger(parameter("adults"), "adults", default: 1, range: 1...FlightSearchRules.maxTravellers)
        let children = v.queryInteger(parameter("children"), "children", default: 0, range: 0...FlightSearchRules.maxTravellers)
        let infants = v.queryInteger(parameter("infants"), "infants", default: 0, range: 0...FlightSearchRules.maxTravellers)
        if v.errors.count == before {
            v.check(infants <= adults, "infants", "must not outnumber adults (each infant travels on an adult's lap)")
            v.check(
                adults + children + infants <= FlightSearchRules.maxTravellers, "adults",
                "adults, children and infants together must be at most \(FlightSearchRules.maxTravellers)")
        }
        let cabin = parameter("travelClass").map { v.requireEnum($0, "travelClass", as: FlightCabin.self) } ?? .economy
        let currency = parameter("currencyCode") ?? "USD"
        v.check(
            FareCurrencyRates.perUSD[currency] != nil, "currencyCode", "must be one of: \(FareCurrencyRates.perUSD.keys.sorted().joined(separator: ", "))")
        let max = parameter("max").map { v.queryInteger($0, "max", default: 1, range: 1...FlightSearchRules.maxOffers) }
        var nonStop = false
        if let raw = parameter("nonStop") {
            if raw == "true" || raw == "false" { nonStop = raw == "true" } else { v.fail("nonStop", "must be true or false") }
        }
        return .from(v) {
            guard let origin = origin?.first, let destination = destination?.first, let departure, let cabin else { return nil }
            return FlightSearchQuery(
                origin: origin.iata, destination: destination.iata, departureDate: departure, returnDate: returnDate, adults: adults, children: children,
                infants: infants, travelClass: cabin, currencyCode: currency, max: max, nonStop: nonStop)
        }
    }

    /// The airports a code stands for, busiest first; nil (and an error) when malformed or unknown.
    func airports(_ raw: String?, _ field: String, _ v: inout Validator) -> [Airport]? {
        guard let raw else {
            v.fail(field, "is required")
            return nil
        }
        guard raw.count == 3, raw.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            v.fail(field, "must be an IATA code: three upper-case letters")
            return nil
        }
        let airports = catalog.airports(for: raw)
        if airports.isEmpty {
            v.fail(field, "is not a known airport or metro code")
            return nil
        }
        return airports
    }

    func date(_ raw: String?, _ field: String, required: Bool, _ v: inout Validator) -> LocalDate? {
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
}
