import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

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
