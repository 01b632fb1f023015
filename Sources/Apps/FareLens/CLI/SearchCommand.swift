import ArgumentParser
import CLISupport
import FareLensClient
import Foundation

/// `farelens search ORIGIN DEST DATE`: the flight search (docs/farelens.md, "Flight search and quota"), offers cheapest first with their
/// DealScore; a stale answer gets a banner and quota warnings go to standard error.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: "Search flights (prices in the currency asked, per the whole trip).")
    @Argument(help: "Origin airport or metro code (LAX, NYC).") var origin: String
    @Argument(help: "Destination airport or metro code.") var destination: String
    @Argument(help: "Departure date, YYYY-MM-DD.") var date: String
    @Option(name: .customLong("return"), help: "Return date, YYYY-MM-DD.") var returnDate: String?
    @Option(parsing: .unconditional, help: "Adults (default 1).") var adults: String?
    @Option(parsing: .unconditional, help: "Children.") var children: String?
    @Option(parsing: .unconditional, help: "Infants on a lap.") var infants: String?
    @Option(help: "economy, premium-economy, business or first.") var cabin: String?
    @Option(help: "Currency code (default USD).") var currency: String?
    @Option(parsing: .unconditional, help: "The most offers to show (1–250).") var max: String?
    @Flag(help: "Only nonstop flights.") var nonstop = false
    @OptionGroup var options: SessionOptions

    /// The query in Amadeus's names, as the route takes them: codes in upper case as the other
    /// commands take them (`lax` is LAX), numbers read as numbers, and the query's shape checked
    /// as the server checks it (exit 5 naming each field); codes, dates and currency against the
    /// catalog and today are the server's.
    func query() throws -> FlightOffersQuery {
        func number(_ text: String?, _ field: String) throws -> String? { try Rendering.number(text, field: field).map(String.init) }
        let given: [(String, String?)] = [
            ("origin", origin.uppercased()), ("destination", destination.uppercased()), ("departureDate", date), ("returnDate", returnDate),
            ("adults", try number(adults, "adults")), ("children", try number(children, "children")), ("infants", try number(infants, "infants")),
            ("travelClass", cabin.map { $0.uppercased().replacingOccurrences(of: "-", with: "_") }), ("currencyCode", currency?.uppercased()),
            ("max", try number(max, "max")), ("nonStop", nonstop ? "true" : nil),
        ]
        return try requireValid(FlightOffersQuery.check(QueryValues(given.compactMap { name, value in value.map { (name: name, value: $0) } })))
    }

    func run() async throws {
        try await options.run { api in
            let query = try query()
            let answer = try await withProgress("Searching \(Rendering.route(origin.uppercased(), destination.uppercased()))") {
                try await api.send(FareLensRoutes.flightOffers, query: query)
            }
            Self.warn(answer.meta)
            try options.show(answer, Self.describe)
        }
    }

    /// The stale banner ("Prices from 14:03, may be out of date"), the server's notice and the
    /// quota in use, on standard error so the table and `--json` stay clean.
    static func warn(_ meta: FlightSearchMeta?) {
        guard let meta else { return }
        if meta.stale == true { printError("⚠ Prices from \(meta.cachedAt.map(Rendering.clock) ?? "earlier"), may be out of date.") }
        if let notice = meta.notice { printError("⚠ \(notice)") }
        if let quota = meta.quota { printError("Quota: \(quota.provider) \(quota.used) of \(quota.limit) calls used this month.") }
    }

    static func describe(_ answer: FlightOffersResponse) -> String {
        guard !answer.data.isEmpty else { return "No flights found. Try different dates." }
        let rows = answer.data.map { offer -> [String] in
            let legs = offer.itineraries.map { itinerary -> String in
                let first = itinerary.segments.first, last = itinerary.segments.last
                let stops = itinerary.segments.count - 1
                return "\(first?.departure.iataCode ?? "")→\(last?.arrival.iataCode ?? "") \(first.map { time($0.departure.at) } ?? "")"
                    + (stops == 0 ? " nonstop" : " \(count(stops, "stop"))")
            }
            let currency = offer.price.currency
            let price = offer.price.grandTotalAmount.flatMap { CurrencyUnits.minorUnits($0, currency: currency) }
            return [
                price.map { Rendering.money($0, currency) } ?? offer.price.total, offer.dealScore.map(String.init) ?? "", offer.dealTier ?? "",
                offer.validatingAirlineCodes?.first ?? offer.itineraries.first?.segments.first?.carrierCode ?? "", legs.joined(separator: " / "), offer.id,
            ]
        }
        let source = answer.meta?.source.map { " (\($0.rawValue))" } ?? ""
        return table(["PRICE", "SCORE", "TIER", "AIRLINE", "FLIGHTS", "OFFER"], rows) + "\n\(count(answer.data.count, "offer"))\(source)"
    }

    /// `2027-03-01T07:05:00` as `2027-03-01 07:05`.
    static func time(_ at: String) -> String { String(at.prefix(16)).replacingOccurrences(of: "T", with: " ") }
}
