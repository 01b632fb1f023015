import Foundation
import PlatformAPI

/// Where a search's offers came from (`meta.source`).
public enum FlightOfferSource: String, Codable, Sendable, CaseIterable {
    case amadeus, travelpayouts, offline, cache
}
