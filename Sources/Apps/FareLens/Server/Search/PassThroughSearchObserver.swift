import FareLensAPI
import Foundation
import Hummingbird
import Logging
import PlatformAPI
import PlatformCore
import Synchronization

/// The observer a search part uses until the prices part wires its own: answers unchanged.
public struct PassThroughSearchObserver: FlightSearchObserving {
    public init() {}
    public func observe(_ response: FlightOffersResponse, for query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
        response
    }
}
