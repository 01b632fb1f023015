import Foundation
import PlatformAPI

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
