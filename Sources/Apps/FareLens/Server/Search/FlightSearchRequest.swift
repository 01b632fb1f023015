import FareLensAPI
import Foundation
import PlatformAPI

/// The server's further check of a search's query (``FlightOffersQuery`` reads its shape), every
/// problem named in one 422 with the query's own: codes of a known airport or metro code (a metro
/// code searches its busiest airport: NYC → JFK), origin and destination apart (not the same
/// airport nor the same metro area), the departure from the origin airport's local today to 330
/// days ahead and a return not beyond that, a currency the server prices.
public struct FlightSearchRequest: Sendable {
    let catalog: AirportCatalog

    public init(catalog: AirportCatalog = .shipped) { self.catalog = catalog }

    public func check(_ reading: QueryReading<FlightOffersQuery>, now: Date) -> Checked<FlightSearchQuery> {
        reading.checked { query, v in
            // A field the query could not read is not looked up or compared again.
            let unread = Set(v.errors.map(\.field))
            let origin = unread.contains("origin") ? nil : airports(query.origin, "origin", &v)
            var destination = unread.contains("destination") ? nil : airports(query.destination, "destination", &v)
            if let origin, let to = destination, !Set(origin.map(\.iata)).isDisjoint(with: to.map(\.iata)) {
                v.fail("destination", "must differ from origin (not the same airport or metro area)")
                destination = nil
            }
            let zone = origin?.first.flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(identifier: "UTC")!
            let today = LocalDate(now, in: zone)
            let latest = today.adding(days: FlightSearchRules.maxDaysAhead)
            if !unread.contains("departureDate") {
                v.check(query.departureDate >= today, "departureDate", "must not be in the past (today is \(today) at the origin)")
                v.check(query.departureDate <= latest, "departureDate", "must be at most \(FlightSearchRules.maxDaysAhead) days ahead (until \(latest))")
            }
            if let returnDate = query.returnDate {
                v.check(returnDate <= latest, "returnDate", "must be at most \(FlightSearchRules.maxDaysAhead) days ahead (until \(latest))")
            }
            let currency = query.currencyCode ?? "USD"
            v.check(
                FareCurrencyRates.perUSD[currency] != nil, "currencyCode", "must be one of: \(FareCurrencyRates.perUSD.keys.sorted().joined(separator: ", "))")
            guard let origin = origin?.first, let destination = destination?.first else { return nil }
            return FlightSearchQuery(
                origin: origin.iata, destination: destination.iata, departureDate: query.departureDate, returnDate: query.returnDate, adults: query.adults,
                children: query.children, infants: query.infants, travelClass: query.travelClass ?? .economy, currencyCode: currency, max: query.max,
                nonStop: query.nonStop)
        }
    }

    /// The airports a well-formed code stands for, busiest first; nil (and an error) when unknown.
    func airports(_ code: String, _ field: String, _ v: inout Validator) -> [Airport]? {
        let airports = catalog.airports(for: code)
        if airports.isEmpty {
            v.fail(field, "is not a known airport or metro code")
            return nil
        }
        return airports
    }
}
