import Foundation
import PlatformAPI

/// The cabin of a search (`travelClass`) and of a fare (`fareDetailsBySegment[].cabin`), Amadeus's values.
public enum FlightCabin: String, Codable, Sendable, CaseIterable {
    case economy = "ECONOMY"
    case premiumEconomy = "PREMIUM_ECONOMY"
    case business = "BUSINESS"
    case first = "FIRST"
}
