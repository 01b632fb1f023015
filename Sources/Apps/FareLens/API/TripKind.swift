import Foundation
import PlatformAPI

/// Which fares a price series holds: one-way fares and round trips are never mixed (a round trip's
/// price covers both ways).
public enum TripKind: String, Codable, Sendable, CaseIterable {
    case oneWay = "one_way"
    case roundTrip = "round_trip"
}
