import Foundation
import PlatformAPI

/// One fee of a price (`SUPPLIER`, `TICKETING`, `FORM_OF_PAYMENT`).
public struct FlightFee: Codable, Sendable, Equatable {
    public var amount: String
    public var type: String

    public init(amount: String, type: String) {
        self.amount = amount
        self.type = type
    }
}
