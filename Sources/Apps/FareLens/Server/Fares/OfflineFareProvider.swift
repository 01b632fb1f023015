import FareLensAPI
import Foundation
import PlatformAPI

/// The zero-config flight provider: offers priced by ``OfflineFareModel`` over real airport
/// coordinates and flown by real airlines of ``AirlineTable``, in the Amadeus response shape.
/// Deterministic: the same route, dates, cabin and day asked give the same offers (seeded by a
/// stable hash), whatever the process. Several offers per search — different airlines, nonstop or
/// one stop through a real hub, different times of day — cheapest first, at most `max`.
public struct OfflineFareProvider: Sendable {
    /// Offers answered when the search sets no `max`.
    public static let defaultMax = 10
    /// Offers answered at most (Amadeus's own ceiling).
    public static let maxOffers = 250
    /// Longest nonstop flown (Singapore–New York is about 15,300 km).
    static let longestNonstop = 15_500.0
    /// Cruise speed for block times, km/h, plus a fixed allowance for taxi, climb and descent.
    static let cruiseSpeed = 840.0
    static let groundMinutes = 30.0
    /// Departure times of day (minutes after local midnight) the schedule picks from.
    static let departureSlots = [6 * 60 + 5, 7 * 60 + 40, 9 * 60 + 15, 11 * 60 + 30, 13 * 60 + 50, 16 * 60 + 10, 18 * 60 + 35, 21 * 60 + 5, 23 * 60 + 20]

    let airports: any AirportLocating

    public init(airports: any AirportLocating) {
        self.airports = airports
    }

    /// The offers for `query`, asked on `today` (the UTC day of the request: prices move with it).
    public func search(_ query: FlightSearchQuery, today: LocalDate) throws -> FlightOffersResponse {
        let origin = try locate(query.origin)
        let destination = try locate(query.destination)
        guard FareCurrencyRates.perUSD[query.currencyCode] != nil else { throw OfflineFareError.unsupportedCurrency(query.currencyCode) }
        var random = StableRandom(
            seed: [origin.iata, destination.iata, query.departureDate.text, query.returnDate?.text ?? "-", query.travelClass.rawValue, today.text].joined(separator: "|"))
        let routes = routings(from: origin, to: destination, random: &random)
        var candidates = routes.map { routing in
            priced(routing, query: query, origin: origin, destination: destination, today: today, random: &random)
        }
        candidates.sort { ($0.usdPerAdult, $0.routing.airline.code, $0.routing.departureMinute) < ($1.usdPerAdult, $1.routing.airline.code, $1.routing.departureMinute) }
        let limit = min(max(query.max ?? Self.defaultMax, 1), Self.maxOffers)
        var builder = OfferBuilder(query: query, airports: airports, today: today)
        let offers = candidates.prefix(limit).map { builder.offer($0, origin: origin, destination: destination) }
        return FlightOffersResponse(
            meta: FlightSearchMeta(count: offers.count, source: .offline, stale: false), data: offers, dictionaries: builder.dictionaries(currency: query.currencyCode))
    }

    /// The typical one-way fare per adult on the route in minor units of `currency` (the model
    /// without airline, stops or spread): DealScore's baseline when a route has little history.
    public func typicalFare(origin: String, destination: String, date: LocalDate, cabin: FlightCabin, currency: String, today: LocalDate) throws -> Int {
        let from = try locate(origin)
        let to = try locate(destination)
        let usd = OfflineFareModel.typicalFare(
            kilometres: from.kilometres(to: to), intercontinental: WorldRegion.of(from) != WorldRegion.of(to), date: date, today: today, cabin: cabin)
        guard let minor = FareCurrencyRates.minorUnits(usd: usd, in: currency) else { throw OfflineFareError.unsupportedCurrency(currency) }
        return minor
    }

    func locate(_ iata: String) throws -> AirportLocation {
        guard let airport = airports.location(of: iata.uppercased()) else { throw OfflineFareError.unknownAirport(iata) }
        return airport
    }

    /// One way to fly the route: an airline, nonstop or through one of its hubs, at a time of day.
    struct Routing {
        var airline: Airline
        var via: AirportLocation?
        var departureMinute: Int
    }

    /// Carriers that fly the route. Up to eight of the region's carriers (those with a hub at either
    /// end first, the rest in seeded order) that can fly it: nonstop when one can (a hub at either
    /// end, twice a day; or a short hop within one region) and through its best-placed hub when it
    /// has one off the route. When none can (an unusual pair), any carrier of the table through its
    /// hub; a nonstop only as the last resort.
    func routings(from origin: AirportLocation, to destination: AirportLocation, random: inout StableRandom) -> [Routing] {
        let fromRegion = WorldRegion.of(origin)
        let toRegion = WorldRegion.of(destination)
        let carriers: [Airline] =
            switch (fromRegion, toRegion) {
            case let (from?, to?): AirlineTable.carriers(from: from, to: to)
            case let (region?, nil), let (nil, region?): AirlineTable.carriers(from: region, to: region)
            case (nil, nil): AirlineTable.all.filter(\.longHaul)
            }
        let kilometres = origin.kilometres(to: destination)
        let ends: Set<String> = [origin.iata, destination.iata]
        func routings(of airline: Airline, random: inout StableRandom) -> [Routing] {
            var slots = Self.departureSlots.shuffled(using: &random)[...]
            var found: [Routing] = []
            let hubAtEnd = !ends.isDisjoint(with: airline.hubs)
            let pointToPoint = fromRegion == toRegion && kilometres <= 3000
            if kilometres <= Self.longestNonstop, hubAtEnd || pointToPoint {
                for _ in 0..<(hubAtEnd ? 2 : 1) { found.append(Routing(airline: airline, via: nil, departureMinute: slots.removeFirst())) }
            }
            if let hub = bestHub(of: airline, from: origin, to: destination, kilometres: kilometres) {
                found.append(Routing(airline: airline, via: hub, departureMinute: slots.removeFirst()))
            }
            return found
        }
        let shuffled = carriers.shuffled(using: &random)
        let ordered = shuffled.filter { !ends.isDisjoint(with: $0.hubs) } + shuffled.filter { ends.isDisjoint(with: $0.hubs) }
        var found: [Routing] = []
        var airlines = 0
        for airline in ordered where airlines < 8 {
            let flights = routings(of: airline, random: &random)
            if !flights.isEmpty { airlines += 1 }
            found += flights
        }
        if found.isEmpty {
            for airline in AirlineTable.all where found.count < 3 {
                if let hub = bestHub(of: airline, from: origin, to: destination, kilometres: kilometres) {
                    found.append(Routing(airline: airline, via: hub, departureMinute: Self.departureSlots.randomElement(using: &random)!))
                }
            }
        }
        if found.isEmpty, let airline = ordered.first ?? AirlineTable.all.first {
            found.append(Routing(airline: airline, via: nil, departureMinute: Self.departureSlots.randomElement(using: &random)!))
        }
        return found
    }

    /// The airline's hub off the route with the smallest detour, if the detour is reasonable and
    /// both legs can be flown nonstop.
    func bestHub(of airline: Airline, from origin: AirportLocation, to destination: AirportLocation, kilometres: Double) -> AirportLocation? {
        let hubs = airline.hubs.filter { $0 != origin.iata && $0 != destination.iata }.compactMap { airports.location(of: $0) }
        let legs = hubs.map { hub in (hub, origin.kilometres(to: hub), hub.kilometres(to: destination)) }
        guard let best = legs.min(by: { $0.1 + $0.2 < $1.1 + $1.2 }) else { return nil }
        guard best.1 + best.2 <= kilometres * 1.5 + 500, best.1 <= Self.longestNonstop, best.2 <= Self.longestNonstop, best.1 >= 100, best.2 >= 100 else { return nil }
        return best.0
    }

    /// A routing with its fare per adult in US dollars for the whole trip (both ways for a round trip).
    struct Candidate {
        var routing: Routing
        var returnMinute: Int?
        var usdPerAdult: Double
    }

    func priced(
        _ routing: Routing, query: FlightSearchQuery, origin: AirportLocation, destination: AirportLocation, today: LocalDate, random: inout StableRandom
    )
        -> Candidate
    {
        let kilometres = origin.kilometres(to: destination)
        let intercontinental = WorldRegion.of(origin) != WorldRegion.of(destination)
        func leg(_ date: LocalDate, departureMinute: Int) -> Double {
            let hour = departureMinute / 60
            let timeOfDay = hour < 7 || hour >= 21 ? 0.92 : (7...9).contains(hour) || (16...19).contains(hour) ? 1.05 : 1.0
            return OfflineFareModel.typicalFare(kilometres: kilometres, intercontinental: intercontinental, date: date, today: today, cabin: query.travelClass)
                * routing.airline.priceLevel * (routing.via == nil ? 1.0 : 0.86) * timeOfDay * random.uniform(0.94...1.06)
        }
        var usd = leg(query.departureDate, departureMinute: routing.departureMinute)
        var returnMinute: Int?
        if let returnDate = query.returnDate {
            let minute = Self.departureSlots.randomElement(using: &random)!
            returnMinute = minute
            usd = (usd + leg(returnDate, departureMinute: minute)) * 0.92
        }
        return Candidate(routing: routing, returnMinute: returnMinute, usdPerAdult: usd)
    }
}
