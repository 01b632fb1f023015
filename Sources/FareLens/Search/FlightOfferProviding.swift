import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// One source of flight offers as the search pipeline sees it: its name (for the quota and
/// `meta.source`) and the offers for a query in the contract's Amadeus shape. The real clients and
/// the offline model conform through the adapters below; tests give counting and failing fakes.
public protocol FlightOfferProviding: Sendable {
    var source: FlightOfferSource { get }
    /// The offers; `today` is the UTC day of the request (the offline model prices by it).
    func offers(for query: FlightSearchQuery, today: LocalDate) async throws -> FlightOffersResponse
}

/// Amadeus Flight Offers Search through ``AmadeusClient``: its whole answer read in the contract's
/// shape (dictionaries, traveller pricings and all).
public struct AmadeusOfferProvider: FlightOfferProviding {
    let client: AmadeusClient
    public var source: FlightOfferSource { .amadeus }

    public init(client: AmadeusClient) { self.client = client }

    public func offers(for query: FlightSearchQuery, today: LocalDate) async throws -> FlightOffersResponse {
        let result = try await client.search(query)
        do {
            return try JSONDecoder().decode(FlightOffersResponse.self, from: result.raw)
        } catch {
            throw FlightProviderError.malformedAnswer(provider: AmadeusClient.provider, reason: "\(error)")
        }
    }
}

/// The Travelpayouts fallback through ``TravelpayoutsClient``: its fares (one adult, no cabin: the
/// data API prices nothing else) as contract offers, each segment numbered, a missing time taken
/// from the leg's departure.
public struct TravelpayoutsOfferProvider: FlightOfferProviding {
    let client: TravelpayoutsClient
    public var source: FlightOfferSource { .travelpayouts }

    public init(client: TravelpayoutsClient) { self.client = client }

    public func offers(for query: FlightSearchQuery, today: LocalDate) async throws -> FlightOffersResponse {
        var fares = try await client.search(query)
        if let max = query.max { fares = Array(fares.prefix(max)) }
        let offers = fares.map { Self.offer($0.offer, cabin: query.travelClass) }
        return FlightOffersResponse(meta: FlightSearchMeta(count: offers.count), data: offers)
    }

    static func offer(_ fare: AmadeusFlightOffer, cabin: FlightCabin) -> FlightOffer {
        var segmentNumber = 0
        let itineraries = fare.itineraries.map { itinerary in
            FlightItinerary(
                duration: itinerary.duration,
                segments: itinerary.segments.map { segment in
                    segmentNumber += 1
                    let departure = segment.departure.at ?? ""
                    return FlightSegment(
                        departure: FlightEndpoint(iataCode: segment.departure.iataCode, at: departure),
                        arrival: FlightEndpoint(iataCode: segment.arrival.iataCode, at: segment.arrival.at ?? departure), carrierCode: segment.carrierCode,
                        number: segment.number ?? "", aircraft: nil, duration: segment.duration, id: String(segmentNumber), numberOfStops: segment.numberOfStops)
                })
        }
        let price = FlightPrice(currency: fare.price.currency, total: fare.price.total, base: nil, grandTotal: fare.price.grandTotal ?? fare.price.total)
        return FlightOffer(
            id: fare.id, source: "TRAVELPAYOUTS", oneWay: fare.oneWay, itineraries: itineraries, price: price, validatingAirlineCodes: fare.validatingAirlineCodes,
            travelerPricings: [
                FlightTravelerPricing(
                    travelerId: "1", travelerType: "ADULT", price: price,
                    fareDetailsBySegment: (1...max(1, segmentNumber)).map { FlightFareDetails(segmentId: String($0), cabin: cabin.rawValue) })
            ])
    }
}

/// The zero-config provider: ``OfflineFareProvider``'s model, no quota spent.
public struct OfflineOfferProvider: FlightOfferProviding {
    let model: OfflineFareProvider
    public var source: FlightOfferSource { .offline }

    public init(model: OfflineFareProvider = OfflineFareProvider(airports: AirportCatalog.shipped)) { self.model = model }

    public func offers(for query: FlightSearchQuery, today: LocalDate) async throws -> FlightOffersResponse {
        try model.search(query, today: today)
    }
}

/// The providers a search tries, from the configuration: Amadeus when configured, then
/// Travelpayouts when configured; the offline model only when neither is (the zero-config default).
public enum FlightProviderChain {
    public static func providers(_ configuration: FlightProviderConfiguration, settings: FlightSearchSettings, clock: any TimeSource) -> [any FlightOfferProviding] {
        var live: [any FlightOfferProviding] = []
        if let amadeus = configuration.amadeus(clock: clock) { live.append(AmadeusOfferProvider(client: amadeus)) }
        if let token = configuration.travelpayoutsToken {
            live.append(TravelpayoutsOfferProvider(client: TravelpayoutsClient(token: token, baseURL: settings.travelpayoutsBaseURL)))
        }
        return live.isEmpty ? [OfflineOfferProvider()] : live
    }

    /// The quota rules of the live providers.
    public static func policies(_ settings: FlightSearchSettings) -> [QuotaPolicy] {
        [QuotaPolicy(provider: .amadeus, limit: settings.amadeusMonthlyQuota), QuotaPolicy(provider: .travelpayouts, limit: settings.travelpayoutsMonthlyQuota)]
    }
}
