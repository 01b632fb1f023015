import Foundation
import PlatformAPI

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
