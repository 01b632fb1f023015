import Foundation
import PlatformAPI

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
