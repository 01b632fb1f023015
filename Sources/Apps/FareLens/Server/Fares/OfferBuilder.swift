import FareLensAPI
import Foundation
import PlatformAPI

/// Turns the offline provider's priced routings into Amadeus flight offers: the schedule (block
/// times from distance and cruise speed, connections, local times at each airport), flight
/// numbers and aircraft, prices per traveller in the asked currency, and the dictionaries of every
/// code used. Offer and segment ids are numbered across the response, as Amadeus does.
struct OfferBuilder {
    let query: FlightSearchQuery
    let airports: any AirportLocating
    let today: LocalDate
    private var nextOfferID = 1
    private var nextSegmentID = 1
    private var carriers: [String: String] = [:]
    private var aircraft: [String: String] = [:]
    private var locations: [String: FlightLocation] = [:]

    init(query: FlightSearchQuery, airports: any AirportLocating, today: LocalDate) {
        self.query = query
        self.airports = airports
        self.today = today
    }

    /// Aircraft the schedule assigns by stage length, with their names for `dictionaries.aircraft`.
    static let aircraftNames: [String: String] = [
        "E75": "EMBRAER 175", "32N": "AIRBUS A320NEO", "73H": "BOEING 737-800", "321": "AIRBUS A321", "7M8": "BOEING 737 MAX 8", "333": "AIRBUS A330-300",
        "789": "BOEING 787-9", "359": "AIRBUS A350-900", "77W": "BOEING 777-300ER", "388": "AIRBUS A380-800",
    ]

    static func aircraftChoices(kilometres: Double) -> [String] {
        switch kilometres {
        case ..<800: ["E75", "32N", "73H"]
        case ..<2500: ["32N", "73H", "321"]
        case ..<5000: ["321", "7M8", "333", "789"]
        case ..<9000: ["789", "333", "359"]
        default: ["359", "77W", "789", "388"]
        }
    }

    /// Minutes in the air and on the ground for a leg, rounded to 5.
    static func blockMinutes(kilometres: Double) -> Int {
        let minutes = kilometres / OfflineFareProvider.cruiseSpeed * 60 + OfflineFareProvider.groundMinutes
        return Int((minutes / 5).rounded()) * 5
    }

    mutating func offer(_ candidate: OfflineFareProvider.Candidate, origin: AirportLocation, destination: AirportLocation) -> FlightOffer {
        var random = StableRandom(seed: "\(candidate.routing.airline.code)|\(origin.iata)|\(destination.iata)|\(candidate.routing.departureMinute)")
        let airline = candidate.routing.airline
        carriers[airline.code] = airline.name.uppercased()
        var itineraries = [
            itinerary(
                airline: airline, stops: [origin, candidate.routing.via, destination].compactMap { $0 }, date: query.departureDate,
                minute: candidate.routing.departureMinute, random: &random)
        ]
        if let returnDate = query.returnDate, let minute = candidate.returnMinute {
            itineraries.append(
                itinerary(airline: airline, stops: [destination, candidate.routing.via, origin].compactMap { $0 }, date: returnDate, minute: minute, random: &random))
        }
        let segments = itineraries.flatMap(\.segments)
        let travellers = travellerPricings(usdPerAdult: candidate.usdPerAdult, segments: segments, airline: airline)
        let currency = query.currencyCode
        let total = travellers.reduce(0) { $0 + $1.total }
        let base = travellers.reduce(0) { $0 + $1.base }
        let totalText = FlightMoney.text(minorUnits: total, currency: currency)
        let id = nextOfferID
        nextOfferID += 1
        return FlightOffer(
            id: String(id), source: "OFFLINE", instantTicketingRequired: false, nonHomogeneous: false, oneWay: false, lastTicketingDate: query.departureDate.text,
            numberOfBookableSeats: random.integer(1...9), itineraries: itineraries,
            price: FlightPrice(
                currency: currency, total: totalText, base: FlightMoney.text(minorUnits: base, currency: currency),
                fees: [FlightFee(amount: FlightMoney.text(minorUnits: 0, currency: currency), type: "SUPPLIER")], grandTotal: totalText),
            pricingOptions: FlightPricingOptions(fareType: ["PUBLISHED"], includedCheckedBagsOnly: airline.longHaul),
            validatingAirlineCodes: [airline.code], travelerPricings: travellers.map(\.pricing))
    }

    /// One way through `stops` (two airports, or three with the hub), leaving at `minute` after
    /// local midnight on `date` at the first; each connection 55–170 minutes.
    mutating func itinerary(airline: Airline, stops: [AirportLocation], date: LocalDate, minute: Int, random: inout StableRandom) -> FlightItinerary {
        let start = date.instant(hour: 0, in: stops[0].zone).addingTimeInterval(Double(minute) * 60)
        var departure = start
        var segments: [FlightSegment] = []
        for (from, to) in zip(stops, stops.dropFirst()) {
            let kilometres = from.kilometres(to: to)
            let block = Self.blockMinutes(kilometres: kilometres)
            let arrival = departure.addingTimeInterval(Double(block) * 60)
            let aircraftCode = Self.aircraftChoices(kilometres: kilometres).randomElement(using: &random)!
            aircraft[aircraftCode] = Self.aircraftNames[aircraftCode]
            for airport in [from, to] { locations[airport.iata] = FlightLocation(cityCode: airport.iata, countryCode: airport.countryCode) }
            segments.append(
                FlightSegment(
                    departure: FlightEndpoint(iataCode: from.iata, at: Self.localText(departure, in: from.zone)),
                    arrival: FlightEndpoint(iataCode: to.iata, at: Self.localText(arrival, in: to.zone)), carrierCode: airline.code,
                    number: String(random.integer(kilometres > 5000 ? 1...999 : 100...2999)), aircraft: FlightAircraft(code: aircraftCode),
                    operating: FlightOperatingCarrier(carrierCode: airline.code), duration: FlightDuration.text(minutes: block), id: String(nextSegmentID)))
            nextSegmentID += 1
            departure = arrival.addingTimeInterval(Double(random.integer(11...34) * 5) * 60)
        }
        let arrival = Self.instant(of: segments.last!.arrival.at, in: stops.last!.zone) ?? start
        return FlightItinerary(duration: FlightDuration.text(minutes: Int(arrival.timeIntervalSince(start) / 60)), segments: segments)
    }

    /// A traveller's pricing and its amounts in minor units.
    struct TravellerPricing {
        var pricing: FlightTravelerPricing
        var total: Int
        var base: Int
    }

    /// One pricing per traveller (adults, then children, then infants, each infant on an adult's
    /// lap), each rounded to the currency's minor unit on its own so the offer's total is their sum
    /// exactly. The base fare is 80 % of the total, the rest taxes and fees.
    func travellerPricings(usdPerAdult: Double, segments: [FlightSegment], airline: Airline) -> [TravellerPricing] {
        let types =
            Array(repeating: OfflineFareModel.Traveller.adult, count: max(query.adults, 1)) + Array(repeating: .child, count: max(query.children, 0))
            + Array(repeating: .heldInfant, count: max(query.infants, 0))
        let currency = query.currencyCode
        let bookingClass: String =
            switch query.travelClass {
            case .economy: "K"
            case .premiumEconomy: "W"
            case .business: "J"
            case .first: "F"
            }
        let bags = query.travelClass == .economy ? (airline.longHaul ? 1 : 0) : 2
        let details = segments.map {
            FlightFareDetails(
                segmentId: $0.id, cabin: query.travelClass.rawValue, bookingClass: bookingClass, includedCheckedBags: FlightBaggageAllowance(quantity: bags))
        }
        var infantsSeated = 0
        return types.enumerated().map { index, type in
            let total = FareCurrencyRates.minorUnits(usd: usdPerAdult * type.share, in: currency) ?? 0
            let base = Int((Double(total) * 0.8).rounded())
            var adult: String?
            if type == .heldInfant {
                infantsSeated += 1
                adult = String(infantsSeated)
            }
            let price = FlightPrice(
                currency: currency, total: FlightMoney.text(minorUnits: total, currency: currency), base: FlightMoney.text(minorUnits: base, currency: currency),
                grandTotal: nil)
            return TravellerPricing(
                pricing: FlightTravelerPricing(
                    travelerId: String(index + 1), travelerType: type.rawValue, associatedAdultId: adult, price: price, fareDetailsBySegment: details),
                total: total, base: base)
        }
    }

    func dictionaries(currency: String) -> FlightDictionaries {
        FlightDictionaries(
            locations: locations, aircraft: aircraft, currencies: [currency: FareCurrencyRates.names[currency] ?? currency], carriers: carriers)
    }

    /// `2021-11-01T11:35:00`: the local date and time of `instant` in `zone`, without an offset.
    static func localText(_ instant: Date, in zone: TimeZone) -> String {
        let c = LocalDate.calendar(zone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// The instant of a local `YYYY-MM-DDTHH:MM:SS` in `zone`.
    static func instant(of text: String, in zone: TimeZone) -> Date? {
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        guard parts.count == 6 else { return nil }
        return LocalDate.calendar(zone).date(
            from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5]))
    }
}
