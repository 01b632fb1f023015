import Foundation
import PlatformAPI

/// The carrier that operates a segment when it differs from the one that sells it.
public struct FlightOperatingCarrier: Codable, Sendable, Equatable {
    public var carrierCode: String?

    public init(carrierCode: String?) { self.carrierCode = carrierCode }
}
