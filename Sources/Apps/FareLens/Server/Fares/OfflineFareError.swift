import FareLensAPI
import Foundation
import PlatformAPI

/// Why the offline provider cannot answer a search (the route's validation refuses these first).
public enum OfflineFareError: Error, Equatable, Sendable {
    case unknownAirport(String)
    case unsupportedCurrency(String)
}
