import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore
import Testing

@testable import FareLens

/// The offline fare provider: deterministic offers in the Amadeus shape whose prices follow the
/// model (distance, cabin, days ahead, travellers, currency).
@Suite("Offline fares: the provider")
struct OfflineFareProviderTests {
    let provider = OfflineFareProvider(airports: TestAirports())
    static let today = LocalDate(year: 2027, month: 3, day: 1)

    func search(
        _ origin: String, _ destination: String, _ date: LocalDate, today: LocalDate = today, configure: (inout FlightSearchQuery) -> Void = { _ in }
    ) throws
        -> FlightOffersResponse
    {
        var query = FlightSearchQuery(origin: origin, destination: destination, departureDate: date)
        configure(&query)
        return try provider.search(query, today: today)
    }

    @Test("the same search asked the same day gives the same offers, in any provider instance; another day moves the prices")
    func deterministic() throws {
        let date = LocalDate(year: 2027, month: 4, day: 14)
        let first = try search("JFK", "LHR", date)
        let again = try OfflineFareProvider(airports: TestAirports()).search(FlightSearchQuery(origin: "JFK", destination: "LHR", departureDate: date), today: Self.today)
        #expect(first == again)
        #expect(try JSONEncoder.api.encode(first) == JSONEncoder.api.encode(again))
        let nextDay = try search("JFK", "LHR", date, today: Self.today.adding(days: 1))
        #expect(nextDay.totals != first.totals)
    }

    @Test("the seeded numbers are FNV-1a then SplitMix64, the same in every process (not Swift's per-process Hasher)")
    func stableRandom() {
        var random = StableRandom(seed: "JFK|LHR")
        #expect(random.next() == 11_336_839_510_363_120_706)
        #expect(random.next() == 13_786_412_966_443_326_183)
    }

    @Test("longer routes cost more on average")
    func distance() throws {
        let dates = (0..<8).map { LocalDate(year: 2027, month: 5, day: 3).adding(days: $0 * 9) }
        func average(_ destination: String) throws -> Double {
            try dates.map { try search("JFK", destination, $0).meanTotal }.reduce(0, +) / Double(dates.count)
        }
        let means = try ["BOS", "ORD", "LAX", "LHR", "HND"].map(average)
        #expect(means == means.sorted(), "\(means)")
        #expect(means[0] * 3 < means[4])
    }

    @Test("first > business > premium economy > economy on the same flight day")
    func cabins() throws {
        let date = LocalDate(year: 2027, month: 4, day: 14)
        let means = try [FlightCabin.economy, .premiumEconomy, .business, .first].map { cabin in
            try search("LAX", "CDG", date) { $0.travelClass = cabin }.meanTotal
        }
        #expect(means == means.sorted() && Set(means).count == 4, "\(means)")
        #expect(try search("LAX", "CDG", date) { $0.travelClass = .business }.totals.min()! > search("LAX", "CDG", date).totals.max()!)
        let fare = try #require(try search("LAX", "CDG", date) { $0.travelClass = .business }.data.first?.travelerPricings?.first?.fareDetailsBySegment?.first)
        #expect(fare.cabin == "BUSINESS" && fare.bookingClass == "J")
    }

    @Test("a last-minute fare costs more than one bought six weeks out")
    func daysAhead() throws {
        for destination in ["LAX", "LHR", "ORD"] {
            let date = LocalDate(year: 2027, month: 9, day: 15)
            let lastMinute = try search("JFK", destination, date, today: date.adding(days: -2)).meanTotal
            let sixWeeks = try search("JFK", destination, date, today: date.adding(days: -42)).meanTotal
            #expect(lastMinute > sixWeeks * 1.25, "\(destination): \(lastMinute) vs \(sixWeeks)")
        }
        #expect(OfflineFareModel.advanceFactor(daysAhead: 35) <= OfflineFareModel.advanceFactor(daysAhead: 10))
        #expect(OfflineFareModel.advanceFactor(daysAhead: 300) > OfflineFareModel.advanceFactor(daysAhead: 40))
    }

    @Test("offers are well formed: decimal prices summing their travellers, chained segments in local times, durations that add up, dictionaries of every code")
    func shape() throws {
        for (origin, destination) in [("JFK", "LHR"), ("SYD", "LHR"), ("SFO", "SIN"), ("BOS", "ORD"), ("GRU", "MAD"), ("NBO", "DXB")] {
            let response = try search(origin, destination, LocalDate(year: 2027, month: 6, day: 20)) { $0.adults = 2 }
            try #require(!response.data.isEmpty, "\(origin)-\(destination)")
            try OfferShape.check(response)
            #expect(response.meta == FlightSearchMeta(count: response.data.count, source: .offline, stale: false))
            #expect(response.data.map(\.id) == (1...response.data.count).map(String.init))
            #expect(response.totals == response.totals.sorted(), "cheapest first")
            let segments = response.data.flatMap { $0.itineraries.flatMap(\.segments) }
            #expect(Set(segments.map(\.id)).count == segments.count, "segment ids unique across the response")
            for offer in response.data {
                let itinerary = try #require(offer.itineraries.first)
                #expect(offer.itineraries.count == 1)
                #expect(itinerary.segments.first?.departure.iataCode == origin && itinerary.segments.last?.arrival.iataCode == destination)
                #expect(itinerary.segments.first?.departure.at.hasPrefix("2027-06-20T") == true)
                #expect((1...2).contains(itinerary.segments.count))
                let carrier = try #require(offer.validatingAirlineCodes?.first)
                #expect(AirlineTable.airline(carrier) != nil && itinerary.segments.allSatisfy { $0.carrierCode == carrier })
                #expect(offer.price.total.range(of: #"^[0-9]+\.[0-9]{2}$"#, options: .regularExpression) != nil, "\(offer.price.total)")
                let travellers = try #require(offer.travelerPricings)
                #expect(travellers.count == 2)
                let sum = travellers.compactMap { FlightMoney.decimal($0.price.total) }.reduce(Decimal(0), +)
                #expect(sum == offer.price.grandTotalAmount)
                #expect(travellers.allSatisfy { $0.fareDetailsBySegment?.map(\.segmentId) == itinerary.segments.map(\.id) })
                for segment in itinerary.segments {
                    #expect(response.dictionaries?.carriers?[segment.carrierCode] != nil)
                    #expect(response.dictionaries?.aircraft?[segment.aircraft?.code ?? ""] != nil)
                    #expect(response.dictionaries?.locations?[segment.arrival.iataCode]?.countryCode == TestAirports.table[segment.arrival.iataCode]?.countryCode)
                }
            }
        }
    }

    @Test("several airlines, nonstop and through real hubs; no nonstop beyond the longest flown")
    func routings() throws {
        let transatlantic = try search("JFK", "LHR", LocalDate(year: 2027, month: 5, day: 12)) { $0.max = 50 }
        #expect(Set(transatlantic.data.compactMap { $0.validatingAirlineCodes?.first }).count >= 3)
        #expect(transatlantic.data.contains { $0.itineraries[0].segments.count == 1 })
        #expect(transatlantic.data.contains { $0.itineraries[0].segments.count == 2 })
        #expect(Set(transatlantic.data.map { $0.itineraries[0].segments[0].departure.at }).count > 1, "different times of day")
        let kangaroo = try search("SYD", "LHR", LocalDate(year: 2027, month: 5, day: 12)) { $0.max = 50 }
        #expect(!kangaroo.data.isEmpty && kangaroo.data.allSatisfy { $0.itineraries[0].segments.count == 2 })
        for offer in kangaroo.data {
            let segments = offer.itineraries[0].segments
            let airline = try #require(AirlineTable.airline(segments[0].carrierCode))
            #expect(airline.hubs.contains(segments[0].arrival.iataCode), "connects at its own hub")
        }
        // Within Europe: European carriers only.
        let europe = try search("CDG", "MAD", LocalDate(year: 2027, month: 5, day: 12)) { $0.max = 50 }
        #expect(europe.data.allSatisfy { AirlineTable.airline($0.validatingAirlineCodes![0])?.region == .europe })
    }

    @Test("a local departure time and an arrival time in the destination's zone")
    func localTimes() throws {
        let response = try search("JFK", "HND", LocalDate(year: 2027, month: 7, day: 1)) { $0.max = 50 }
        let nonstop = try #require(response.data.first { $0.itineraries[0].segments.count == 1 }?.itineraries[0].segments[0])
        let departs = try OfferShape.localInstant(nonstop.departure.at, "JFK")
        let minutes = try #require(nonstop.duration.flatMap(FlightDuration.minutes))
        // About 10,850 km at 840 km/h plus 30 minutes: 13 h 25 min, give or take the rounding.
        #expect((795...815).contains(minutes))
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let arrival = tokyo.dateComponents([.hour, .minute], from: departs.addingTimeInterval(Double(minutes) * 60))
        #expect(nonstop.arrival.at.hasSuffix(String(format: "T%02d:%02d:00", arrival.hour!, arrival.minute!)))
    }

    @Test("a round trip has two itineraries, out and back on their dates, with one carrier, and costs more than one way")
    func roundTrip() throws {
        let out = LocalDate(year: 2027, month: 5, day: 12)
        let back = LocalDate(year: 2027, month: 5, day: 26)
        let response = try search("ORD", "FRA", out) { $0.returnDate = back }
        try OfferShape.check(response)
        for offer in response.data {
            #expect(offer.itineraries.count == 2)
            #expect(offer.itineraries[1].segments.first?.departure.iataCode == "FRA" && offer.itineraries[1].segments.last?.arrival.iataCode == "ORD")
            #expect(offer.itineraries[1].segments.first?.departure.at.hasPrefix(back.text) == true)
            #expect(Set(offer.itineraries.flatMap(\.segments).map(\.carrierCode)).count == 1)
            #expect(offer.travelerPricings?[0].fareDetailsBySegment?.count == offer.itineraries.flatMap(\.segments).count)
        }
        #expect(response.meanTotal > (try search("ORD", "FRA", out).meanTotal) * 1.4)
    }

    @Test("max caps the offers (default 10, at least 1)")
    func maxOffers() throws {
        let date = LocalDate(year: 2027, month: 5, day: 12)
        #expect(try search("JFK", "LHR", date) { $0.max = 2 }.data.count == 2)
        #expect(try search("JFK", "LHR", date) { $0.max = 1 }.data.count == 1)
        #expect(try search("JFK", "LHR", date) { $0.max = 0 }.data.count == 1)
        let all = try search("JFK", "LHR", date) { $0.max = 250 }
        #expect(all.data.count > OfflineFareProvider.defaultMax)
        #expect(try search("JFK", "LHR", date).data.count == OfflineFareProvider.defaultMax)
        #expect(try search("JFK", "LHR", date) { $0.max = 3 }.data.map(\.price) == all.data.prefix(3).map(\.price), "the cheapest three")
    }

    @Test("children pay about 75 % and infants on a lap about 10 % of an adult's fare")
    func travellers() throws {
        let response = try search("LAX", "SFO", LocalDate(year: 2027, month: 5, day: 12)) {
            $0.adults = 2
            $0.children = 1
            $0.infants = 1
        }
        for offer in response.data {
            let pricings = try #require(offer.travelerPricings)
            #expect(pricings.map(\.travelerType) == ["ADULT", "ADULT", "CHILD", "HELD_INFANT"])
            #expect(pricings.map(\.travelerId) == ["1", "2", "3", "4"] && pricings[3].associatedAdultId == "1")
            let totals = pricings.map { NSDecimalNumber(decimal: FlightMoney.decimal($0.price.total)!).doubleValue }
            #expect(abs(totals[2] / totals[0] - 0.75) < 0.01 && abs(totals[3] / totals[0] - 0.10) < 0.01)
        }
    }

    @Test("prices in the asked currency from the approximate rate table; yen without decimals; unknown currency or airport refused")
    func currencies() throws {
        let date = LocalDate(year: 2027, month: 5, day: 12)
        let usd = try search("JFK", "LHR", date)
        let eur = try search("JFK", "LHR", date) { $0.currencyCode = "EUR" }
        let jpy = try search("JFK", "LHR", date) { $0.currencyCode = "JPY" }
        #expect(eur.data.allSatisfy { $0.price.currency == "EUR" } && eur.dictionaries?.currencies == ["EUR": "EURO"])
        for (dollars, euros) in zip(usd.totals, eur.totals) { #expect(abs(euros - dollars * 0.92) < 0.011, "one rounding apart") }
        #expect(jpy.data.allSatisfy { !$0.price.total.contains(".") })
        #expect(throws: OfflineFareError.unsupportedCurrency("XYZ")) { try search("JFK", "LHR", date) { $0.currencyCode = "XYZ" } }
        #expect(throws: OfflineFareError.unknownAirport("QQQ")) { try search("QQQ", "LHR", date) }
    }

    @Test("the typical fare (DealScore's baseline) is the model without airline or spread, in minor units")
    func typicalFare() throws {
        let date = LocalDate(year: 2027, month: 5, day: 12)
        let cents = try provider.typicalFare(origin: "JFK", destination: "LHR", date: date, cabin: .economy, currency: "USD", today: Self.today)
        let offers = try search("JFK", "LHR", date)
        #expect(Double(cents) / 100 > offers.totals.min()! * 0.6 && Double(cents) / 100 < offers.totals.max()! * 1.6)
        #expect(try provider.typicalFare(origin: "JFK", destination: "LHR", date: date, cabin: .business, currency: "USD", today: Self.today) > cents * 3)
    }

    @Test("regions: by country, else by time zone")
    func regions() {
        let table = TestAirports.table
        #expect(WorldRegion.of(table["JFK"]!) == .northAmerica && WorldRegion.of(table["GRU"]!) == .latinAmerica && WorldRegion.of(table["DXB"]!) == .middleEast)
        #expect(WorldRegion.of(table["IST"]!) == .europe && WorldRegion.of(table["SYD"]!) == .oceania && WorldRegion.of(table["NBO"]!) == .africa)
        #expect(WorldRegion.of(table["HND"]!) == .asia)
        #expect(WorldRegion.of(AirportLocation(iata: "XXX", latitude: 0, longitude: 37, timeZone: "Africa/Nairobi")) == .africa)
        #expect(WorldRegion.of(AirportLocation(iata: "XXX", latitude: 19, longitude: -99, timeZone: "America/Mexico_City")) == .latinAmerica)
        #expect(WorldRegion.of(AirportLocation(iata: "XXX", latitude: 0, longitude: 0)) == nil)
        #expect(WorldRegion.allCases.allSatisfy { region in AirlineTable.all.contains { $0.region == region && $0.longHaul } })
        #expect(Set(AirlineTable.all.map(\.code)).count == AirlineTable.all.count)
    }
}

/// A handful of real airports (coordinates, countries, time zones from public airport data) for
/// the offline fare tests, standing in for the shipped data set.
struct TestAirports: AirportLocating {
    static let table: [String: AirportLocation] = Dictionary(
        uniqueKeysWithValues: [
            AirportLocation(iata: "JFK", latitude: 40.6398, longitude: -73.7789, countryCode: "US", timeZone: "America/New_York"),
            AirportLocation(iata: "BOS", latitude: 42.3643, longitude: -71.0052, countryCode: "US", timeZone: "America/New_York"),
            AirportLocation(iata: "ORD", latitude: 41.9786, longitude: -87.9048, countryCode: "US", timeZone: "America/Chicago"),
            AirportLocation(iata: "DFW", latitude: 32.8968, longitude: -97.0380, countryCode: "US", timeZone: "America/Chicago"),
            AirportLocation(iata: "ATL", latitude: 33.6367, longitude: -84.4281, countryCode: "US", timeZone: "America/New_York"),
            AirportLocation(iata: "LAX", latitude: 33.9425, longitude: -118.4081, countryCode: "US", timeZone: "America/Los_Angeles"),
            AirportLocation(iata: "SFO", latitude: 37.6190, longitude: -122.3749, countryCode: "US", timeZone: "America/Los_Angeles"),
            AirportLocation(iata: "LHR", latitude: 51.4706, longitude: -0.4619, countryCode: "GB", timeZone: "Europe/London"),
            AirportLocation(iata: "CDG", latitude: 49.0128, longitude: 2.5500, countryCode: "FR", timeZone: "Europe/Paris"),
            AirportLocation(iata: "FRA", latitude: 50.0333, longitude: 8.5706, countryCode: "DE", timeZone: "Europe/Berlin"),
            AirportLocation(iata: "AMS", latitude: 52.3086, longitude: 4.7639, countryCode: "NL", timeZone: "Europe/Amsterdam"),
            AirportLocation(iata: "MAD", latitude: 40.4719, longitude: -3.5626, countryCode: "ES", timeZone: "Europe/Madrid"),
            AirportLocation(iata: "IST", latitude: 41.2753, longitude: 28.7519, countryCode: "TR", timeZone: "Europe/Istanbul"),
            AirportLocation(iata: "DXB", latitude: 25.2528, longitude: 55.3644, countryCode: "AE", timeZone: "Asia/Dubai"),
            AirportLocation(iata: "DOH", latitude: 25.2731, longitude: 51.6081, countryCode: "QA", timeZone: "Asia/Qatar"),
            AirportLocation(iata: "SIN", latitude: 1.3502, longitude: 103.9940, countryCode: "SG", timeZone: "Asia/Singapore"),
            AirportLocation(iata: "HND", latitude: 35.5523, longitude: 139.7797, countryCode: "JP", timeZone: "Asia/Tokyo"),
            AirportLocation(iata: "MNL", latitude: 14.5086, longitude: 121.0194, countryCode: "PH", timeZone: "Asia/Manila"),
            AirportLocation(iata: "BKK", latitude: 13.6811, longitude: 100.7473, countryCode: "TH", timeZone: "Asia/Bangkok"),
            AirportLocation(iata: "SYD", latitude: -33.9461, longitude: 151.1772, countryCode: "AU", timeZone: "Australia/Sydney"),
            AirportLocation(iata: "GRU", latitude: -23.4356, longitude: -46.4731, countryCode: "BR", timeZone: "America/Sao_Paulo"),
            AirportLocation(iata: "NBO", latitude: -1.3192, longitude: 36.9278, countryCode: "KE", timeZone: "Africa/Nairobi"),
        ].map { ($0.iata, $0) })

    func location(of iata: String) -> AirportLocation? { Self.table[iata] }
}

/// Checks every offer of a response for the Amadeus shape's invariants, whoever produced it (the
/// offline provider, or Amadeus's own sample): amounts are decimal strings, each itinerary's
/// segments chain airport to airport forward in time, segment durations match their local times
/// in the airports' zones, and the itinerary's duration is its segments plus the connections.
enum OfferShape {
    static func localInstant(_ text: String, _ iata: String) throws -> Date {
        let zone = try #require(TestAirports.table[iata]).zone
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        try #require(parts.count == 6, "\(text)")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return try #require(calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5])))
    }

    static func check(_ response: FlightOffersResponse) throws {
        for offer in response.data {
            #expect(offer.type == "flight-offer")
            let grand = try #require(offer.price.grandTotalAmount, "\(offer.price)")
            #expect(grand > 0)
            #expect(FlightMoney.decimal(offer.price.total) != nil && offer.price.base.flatMap(FlightMoney.decimal) != nil)
            for itinerary in offer.itineraries {
                var previousArrival: Date?
                var sum = 0
                for (segment, next) in zip(itinerary.segments, itinerary.segments.dropFirst().map(Optional.some) + [nil]) {
                    let departs = try localInstant(segment.departure.at, segment.departure.iataCode)
                    let arrives = try localInstant(segment.arrival.at, segment.arrival.iataCode)
                    let minutes = try #require(segment.duration.flatMap(FlightDuration.minutes))
                    #expect(Int(arrives.timeIntervalSince(departs) / 60) == minutes, "\(segment)")
                    if let previousArrival {
                        #expect(departs > previousArrival, "a connection leaves after the flight lands")
                        sum += Int(departs.timeIntervalSince(previousArrival) / 60)
                    }
                    sum += minutes
                    if let next { #expect(next.departure.iataCode == segment.arrival.iataCode, "segments chain") }
                    previousArrival = arrives
                }
                #expect(itinerary.duration.flatMap(FlightDuration.minutes) == sum, "itinerary duration adds up")
            }
        }
    }
}

extension FlightOffersResponse {
    /// Every offer's grand total as a Double (for averages in tests).
    var totals: [Double] { data.map { NSDecimalNumber(decimal: $0.price.grandTotalAmount ?? 0).doubleValue } }
    var meanTotal: Double { totals.reduce(0, +) / Double(max(totals.count, 1)) }
}
