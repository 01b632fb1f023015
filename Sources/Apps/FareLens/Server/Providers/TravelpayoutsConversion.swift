import Foundation

/// Reads a `prices_for_dates` answer and converts its fares to ``AmadeusFlightOffer``s: the price as
/// a decimal string in the answer's currency (upper-cased), each leg one segment from the origin
/// airport to the destination's (Travelpayouts names neither connections nor arrival times, so the
/// segment's `numberOfStops` is the leg's transfers and its arrival time is left out), departure
/// times local as Amadeus gives them, durations in ISO 8601.
public enum TravelpayoutsConversion {
    /// The answer: `{"success": true, "data": [...], "currency": "usd"}`.
    struct Answer: Decodable {
        var success: Bool?
        var data: [Fare]?
        var currency: String?
    }

    /// One `data[]` fare.
    struct Fare: Decodable {
        var origin: String
        var destination: String
        var origin_airport: String?
        var destination_airport: String?
        var price: Decimal
        var airline: String
        var flight_number: FlexibleString?
        var departure_at: String
        var return_at: String?
        var transfers: Int?
        var return_transfers: Int?
        var duration_to: Int?
        var duration_back: Int?
        var link: String?
    }

    /// The API sends `flight_number` as a number or a string.
    struct FlexibleString: Decodable {
        var value: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) { value = String(number) } else { value = try container.decode(String.self) }
        }
    }

    static let siteURL = "https://www.aviasales.com"

    static func offers(_ answer: Answer, fallbackCurrency: String) -> [TravelpayoutsOffer] {
        let currency = (answer.currency ?? fallbackCurrency).uppercased()
        return (answer.data ?? []).enumerated().map { index, fare in
            let from = fare.origin_airport ?? fare.origin
            let to = fare.destination_airport ?? fare.destination
            var itineraries = [
                leg(from: from, to: to, at: fare.departure_at, carrier: fare.airline, number: fare.flight_number?.value, stops: fare.transfers, minutes: fare.duration_to)
            ]
            if let returnAt = fare.return_at {
                itineraries.append(leg(from: to, to: from, at: returnAt, carrier: fare.airline, number: nil, stops: fare.return_transfers, minutes: fare.duration_back))
            }
            let price = "\(fare.price)"
            let offer = AmadeusFlightOffer(
                id: String(index + 1), source: "TRAVELPAYOUTS", oneWay: fare.return_at == nil, itineraries: itineraries,
                price: .init(currency: currency, total: price, grandTotal: price), validatingAirlineCodes: [fare.airline])
            return TravelpayoutsOffer(offer: offer, link: fare.link.flatMap { URL(string: $0.hasPrefix("/") ? siteURL + $0 : $0) })
        }
    }

    static func leg(from: String, to: String, at: String, carrier: String, number: String?, stops: Int?, minutes: Int?) -> AmadeusFlightOffer.Itinerary {
        let duration = minutes.map(isoDuration)
        let segment = AmadeusFlightOffer.Segment(
            departure: .init(iataCode: from, at: localTime(at)), arrival: .init(iataCode: to, at: nil), carrierCode: carrier, number: number, duration: duration,
            numberOfStops: stops)
        return AmadeusFlightOffer.Itinerary(duration: duration, segments: [segment])
    }

    /// `2025-08-01T10:25:00+03:00` → `2025-08-01T10:25:00`: the local time, as Amadeus writes it.
    static func localTime(_ timestamp: String) -> String {
        guard timestamp.count > 19, let tIndex = timestamp.firstIndex(of: "T"), timestamp.distance(from: timestamp.startIndex, to: tIndex) == 10 else {
            return timestamp
        }
        return String(timestamp.prefix(19))
    }

    /// Minutes as Amadeus's ISO 8601 durations: 130 → `PT2H10M`, 55 → `PT55M`, 720 → `PT12H`.
    static func isoDuration(_ minutes: Int) -> String {
        let (hours, rest) = (max(0, minutes) / 60, max(0, minutes) % 60)
        if hours == 0 { return "PT\(rest)M" }
        return rest == 0 ? "PT\(hours)H" : "PT\(hours)H\(rest)M"
    }
}
