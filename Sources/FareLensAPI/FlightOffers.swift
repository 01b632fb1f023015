import Foundation
import PlatformAPI

/// The answer of `GET /farelens/v2/shopping/flight-offers`: Amadeus Flight Offers Search's response
/// (v2: `data[]` of flight offers, `dictionaries`, `meta`), so a client that speaks Amadeus parses
/// it, with FareLens's additions (`deal_score`, `deal_tier` per offer; `source`, `cached_at`,
/// `stale`, `quota` in `meta`) as optional fields an Amadeus client ignores. Every provider's
/// answer is turned into this one shape.
public struct FlightOffersResponse: Codable, Sendable, Equatable {
    public var meta: FlightSearchMeta?
    public var data: [FlightOffer]
    public var dictionaries: FlightDictionaries?

    public init(meta: FlightSearchMeta? = nil, data: [FlightOffer], dictionaries: FlightDictionaries? = nil) {
        self.meta = meta
        self.data = data
        self.dictionaries = dictionaries
    }
}

/// Where a search's offers came from (`meta.source`).
public enum FlightOfferSource: String, Codable, Sendable, CaseIterable {
    case amadeus, travelpayouts, offline, cache
}

/// A search's `meta`: Amadeus's `count` and `links`, plus where the offers came from, when they were
/// cached, whether they are stale (every provider out: the banner's case) and the quota left.
public struct FlightSearchMeta: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case count, links, source, cachedAt = "cached_at", stale, quota, notice }
    public var count: Int?
    public var links: [String: String]?
    public var source: FlightOfferSource?
    public var cachedAt: Date?
    public var stale: Bool?
    public var quota: FlightSearchQuota?
    /// The banner text when the answer is stale ("Live prices unavailable, showing cached results").
    public var notice: String?

    public init(
        count: Int? = nil, links: [String: String]? = nil, source: FlightOfferSource? = nil, cachedAt: Date? = nil, stale: Bool? = nil,
        quota: FlightSearchQuota? = nil, notice: String? = nil
    ) {
        self.notice = notice
        self.count = count
        self.links = links
        self.source = source
        self.cachedAt = cachedAt
        self.stale = stale
        self.quota = quota
    }
}

/// The live provider's monthly quota as a search reports it (`meta.quota`), for the client's banner.
public struct FlightSearchQuota: Codable, Sendable, Equatable {
    public var provider: String
    public var used: Int
    public var limit: Int

    public init(provider: String, used: Int, limit: Int) {
        self.provider = provider
        self.used = used
        self.limit = limit
    }
}

/// The cabin of a search (`travelClass`) and of a fare (`fareDetailsBySegment[].cabin`), Amadeus's values.
public enum FlightCabin: String, Codable, Sendable, CaseIterable {
    case economy = "ECONOMY"
    case premiumEconomy = "PREMIUM_ECONOMY"
    case business = "BUSINESS"
    case first = "FIRST"
}

/// One flight offer (Amadeus `flight-offer`): its itineraries (one, or two for a round trip), the
/// total price, the airlines that validate it, the price per traveller; FareLens adds the offer's
/// DealScore (0–100) and its tier, and the caller's booking links.
public struct FlightOffer: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case type, id, source, instantTicketingRequired, nonHomogeneous, oneWay, lastTicketingDate, numberOfBookableSeats
        case itineraries, price, pricingOptions, validatingAirlineCodes, travelerPricings
        case dealScore = "deal_score", dealTier = "deal_tier", bookingLinks = "booking_links"
    }
    /// Always `flight-offer`.
    public var type: String
    public var id: String
    /// Amadeus's `GDS`; FareLens's other providers write their own name.
    public var source: String
    public var instantTicketingRequired: Bool?
    public var nonHomogeneous: Bool?
    public var oneWay: Bool?
    /// `YYYY-MM-DD`.
    public var lastTicketingDate: String?
    public var numberOfBookableSeats: Int?
    public var itineraries: [FlightItinerary]
    public var price: FlightPrice
    public var pricingOptions: FlightPricingOptions?
    public var validatingAirlineCodes: [String]?
    public var travelerPricings: [FlightTravelerPricing]?
    /// FareLens's DealScore, 0–100 (server-side only).
    public var dealScore: Int?
    /// The DealScore's tier (`exceptional`, `good`, …) as the deal scorer names it.
    public var dealTier: String?
    /// Where to book it, composed for the caller (tier, A/B arm, matching watchlist) on every search
    /// answer, never cached.
    public var bookingLinks: [BookingLink]?

    public init(
        type: String = "flight-offer", id: String, source: String, instantTicketingRequired: Bool? = nil, nonHomogeneous: Bool? = nil, oneWay: Bool? = nil,
        lastTicketingDate: String? = nil, numberOfBookableSeats: Int? = nil, itineraries: [FlightItinerary], price: FlightPrice,
        pricingOptions: FlightPricingOptions? = nil, validatingAirlineCodes: [String]? = nil, travelerPricings: [FlightTravelerPricing]? = nil,
        dealScore: Int? = nil, dealTier: String? = nil, bookingLinks: [BookingLink]? = nil
    ) {
        self.type = type
        self.id = id
        self.source = source
        self.instantTicketingRequired = instantTicketingRequired
        self.nonHomogeneous = nonHomogeneous
        self.oneWay = oneWay
        self.lastTicketingDate = lastTicketingDate
        self.numberOfBookableSeats = numberOfBookableSeats
        self.itineraries = itineraries
        self.price = price
        self.pricingOptions = pricingOptions
        self.validatingAirlineCodes = validatingAirlineCodes
        self.travelerPricings = travelerPricings
        self.dealScore = dealScore
        self.dealTier = dealTier
        self.bookingLinks = bookingLinks
    }
}

/// One way of an offer: its segments in order and the door-to-door duration (ISO 8601, `PT14H15M`).
public struct FlightItinerary: Codable, Sendable, Equatable {
    public var duration: String?
    public var segments: [FlightSegment]

    public init(duration: String?, segments: [FlightSegment]) {
        self.duration = duration
        self.segments = segments
    }
}

/// One flight of an itinerary: from, to, the marketing carrier and number, the aircraft, its duration.
public struct FlightSegment: Codable, Sendable, Equatable {
    public var departure: FlightEndpoint
    public var arrival: FlightEndpoint
    public var carrierCode: String
    public var number: String
    public var aircraft: FlightAircraft?
    public var operating: FlightOperatingCarrier?
    /// ISO 8601 duration, `PT8H15M`.
    public var duration: String?
    public var id: String
    public var numberOfStops: Int?
    public var blacklistedInEU: Bool?

    public init(
        departure: FlightEndpoint, arrival: FlightEndpoint, carrierCode: String, number: String, aircraft: FlightAircraft?, operating: FlightOperatingCarrier? = nil,
        duration: String?, id: String, numberOfStops: Int? = 0, blacklistedInEU: Bool? = false
    ) {
        self.departure = departure
        self.arrival = arrival
        self.carrierCode = carrierCode
        self.number = number
        self.aircraft = aircraft
        self.operating = operating
        self.duration = duration
        self.id = id
        self.numberOfStops = numberOfStops
        self.blacklistedInEU = blacklistedInEU
    }
}

/// A segment's departure or arrival: the airport, its terminal when known, and the local date and
/// time at that airport without an offset (`2021-11-01T11:35:00`), as Amadeus writes it.
public struct FlightEndpoint: Codable, Sendable, Equatable {
    public var iataCode: String
    public var terminal: String?
    public var at: String

    public init(iataCode: String, terminal: String? = nil, at: String) {
        self.iataCode = iataCode
        self.terminal = terminal
        self.at = at
    }
}

/// The aircraft's IATA type code (`333`, `77W`); its name is in `dictionaries.aircraft`.
public struct FlightAircraft: Codable, Sendable, Equatable {
    public var code: String

    public init(code: String) { self.code = code }
}

/// The carrier that operates a segment when it differs from the one that sells it.
public struct FlightOperatingCarrier: Codable, Sendable, Equatable {
    public var carrierCode: String?

    public init(carrierCode: String?) { self.carrierCode = carrierCode }
}

/// An offer's price: amounts are DECIMAL STRINGS in `currency` (`"355.34"`), as Amadeus writes them,
/// so no amount passes through binary floating point. `total` = `base` + taxes; `grandTotal` adds
/// any extra services.
public struct FlightPrice: Codable, Sendable, Equatable {
    public var currency: String
    public var total: String
    public var base: String?
    public var fees: [FlightFee]?
    public var grandTotal: String?

    public init(currency: String, total: String, base: String?, fees: [FlightFee]? = nil, grandTotal: String?) {
        self.currency = currency
        self.total = total
        self.base = base
        self.fees = fees
        self.grandTotal = grandTotal
    }

    /// `grandTotal` (or `total` when absent) as a decimal, nil when it is not a decimal string.
    public var grandTotalAmount: Decimal? { FlightMoney.decimal(grandTotal ?? total) }
}

/// One fee of a price (`SUPPLIER`, `TICKETING`, `FORM_OF_PAYMENT`).
public struct FlightFee: Codable, Sendable, Equatable {
    public var amount: String
    public var type: String

    public init(amount: String, type: String) {
        self.amount = amount
        self.type = type
    }
}

/// How an offer was priced (`fareType`: `PUBLISHED`, `NEGOTIATED`…).
public struct FlightPricingOptions: Codable, Sendable, Equatable {
    public var fareType: [String]?
    public var includedCheckedBagsOnly: Bool?

    public init(fareType: [String]?, includedCheckedBagsOnly: Bool?) {
        self.fareType = fareType
        self.includedCheckedBagsOnly = includedCheckedBagsOnly
    }
}

/// One traveller's part of an offer: who (`ADULT`, `CHILD`, `HELD_INFANT`), their price, the cabin per segment.
public struct FlightTravelerPricing: Codable, Sendable, Equatable {
    public var travelerId: String
    public var fareOption: String?
    public var travelerType: String
    /// The adult an infant on a lap travels with.
    public var associatedAdultId: String?
    public var price: FlightPrice
    public var fareDetailsBySegment: [FlightFareDetails]?

    public init(
        travelerId: String, fareOption: String? = "STANDARD", travelerType: String, associatedAdultId: String? = nil, price: FlightPrice,
        fareDetailsBySegment: [FlightFareDetails]?
    ) {
        self.travelerId = travelerId
        self.fareOption = fareOption
        self.travelerType = travelerType
        self.associatedAdultId = associatedAdultId
        self.price = price
        self.fareDetailsBySegment = fareDetailsBySegment
    }
}

/// A traveller's fare on one segment: the cabin and booking class.
public struct FlightFareDetails: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case segmentId, cabin, fareBasis, brandedFare, bookingClass = "class", includedCheckedBags }
    public var segmentId: String
    public var cabin: String?
    public var fareBasis: String?
    public var brandedFare: String?
    public var bookingClass: String?
    public var includedCheckedBags: FlightBaggageAllowance?

    public init(
        segmentId: String, cabin: String?, fareBasis: String? = nil, brandedFare: String? = nil, bookingClass: String? = nil,
        includedCheckedBags: FlightBaggageAllowance? = nil
    ) {
        self.segmentId = segmentId
        self.cabin = cabin
        self.fareBasis = fareBasis
        self.brandedFare = brandedFare
        self.bookingClass = bookingClass
        self.includedCheckedBags = includedCheckedBags
    }
}

/// Checked bags included in a fare: a count, or a weight.
public struct FlightBaggageAllowance: Codable, Sendable, Equatable {
    public var quantity: Int?
    public var weight: Int?
    public var weightUnit: String?

    public init(quantity: Int? = nil, weight: Int? = nil, weightUnit: String? = nil) {
        self.quantity = quantity
        self.weight = weight
        self.weightUnit = weightUnit
    }
}

/// The names behind the codes of a response: carriers and aircraft by code, airports by IATA code.
public struct FlightDictionaries: Codable, Sendable, Equatable {
    public var locations: [String: FlightLocation]?
    public var aircraft: [String: String]?
    public var currencies: [String: String]?
    public var carriers: [String: String]?

    public init(
        locations: [String: FlightLocation]? = nil, aircraft: [String: String]? = nil, currencies: [String: String]? = nil, carriers: [String: String]? = nil
    ) {
        self.locations = locations
        self.aircraft = aircraft
        self.currencies = currencies
        self.carriers = carriers
    }
}

/// An airport of `dictionaries.locations`: its city and country codes.
public struct FlightLocation: Codable, Sendable, Equatable {
    public var cityCode: String?
    public var countryCode: String?

    public init(cityCode: String?, countryCode: String?) {
        self.cityCode = cityCode
        self.countryCode = countryCode
    }
}

/// The durations of the Amadeus format: ISO 8601 `PT{h}H{m}M` (hours may pass 24; `P1DT2H` read too).
public enum FlightDuration {
    /// `PT5H30M`, `PT45M`, `PT12H` for a whole number of minutes (0 is `PT0M`).
    public static func text(minutes: Int) -> String {
        let minutes = max(0, minutes)
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        if hours == 0 { return "PT\(rest)M" }
        return rest == 0 ? "PT\(hours)H" : "PT\(hours)H\(rest)M"
    }

    /// The minutes of an ISO 8601 duration of days, hours, minutes and whole seconds; nil otherwise.
    public static func minutes(_ text: String) -> Int? {
        var rest = Substring(text)
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var total = 0
        var number = ""
        var inTime = false
        var sawComponent = false
        for character in rest {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T", number.isEmpty, !inTime {
                inTime = true
                continue
            }
            guard let value = Int(number) else { return nil }
            number = ""
            sawComponent = true
            switch (character, inTime) {
            case ("D", false): total += value * 1440
            case ("H", true): total += value * 60
            case ("M", true): total += value
            case ("S", true): total += value / 60
            default: return nil
            }
        }
        return number.isEmpty && sawComponent ? total : nil
    }
}

/// Amounts as the Amadeus format writes them: decimal strings with the currency's own decimals.
public enum FlightMoney {
    /// `"355.34"` for 35534 minor units of EUR, `"35000"` for 35000 JPY (ISO 4217 decimals).
    public static func text(minorUnits: Int, currency: String) -> String {
        let digits = CurrencyUnits.digits(for: currency)
        guard digits > 0 else { return String(minorUnits) }
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let (whole, fraction) = abs(minorUnits).quotientAndRemainder(dividingBy: scale)
        let fractionText = String(fraction)
        return (minorUnits < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// A decimal string (`"355.34"`, `"35000"`) as a `Decimal`; nil for anything else.
    public static func decimal(_ text: String) -> Decimal? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}

/// The parameters of a flight search (`origin`, `destination`, `departureDate`, `returnDate`, `adults`,
/// `children`, `infants`, `travelClass`, `currencyCode`, `max`) once read: what every provider is
/// asked. Hashable, so identical searches can be recognised (cached, coalesced).
public struct FlightSearchQuery: Sendable, Hashable {
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var adults: Int
    public var children: Int
    public var infants: Int
    public var travelClass: FlightCabin
    public var currencyCode: String
    /// The most offers to answer; nil for the provider's default.
    public var max: Int?
    /// Only flights without a stop.
    public var nonStop: Bool

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate? = nil, adults: Int = 1, children: Int = 0, infants: Int = 0,
        travelClass: FlightCabin = .economy, currencyCode: String = "USD", max: Int? = nil, nonStop: Bool = false
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
}
