import Foundation
import PlatformAPI

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
