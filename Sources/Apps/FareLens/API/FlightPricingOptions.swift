import Foundation
import PlatformAPI

/// How an offer was priced (`fareType`: `PUBLISHED`, `NEGOTIATED`…).
public struct FlightPricingOptions: Codable, Sendable, Equatable {
    public var fareType: [String]?
    public var includedCheckedBagsOnly: Bool?

    public init(fareType: [String]?, includedCheckedBagsOnly: Bool?) {
        self.fareType = fareType
        self.includedCheckedBagsOnly = includedCheckedBagsOnly
    }
}
